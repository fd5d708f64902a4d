// page_blob: one page's records, as a run holds them until it is over.
//
// The results model (results/run_records.h) keeps a page's records in a dozen
// objects (the page's id and output name, its decoding, and per system a PageRecord
// of three strings, a map and a time, a DocResult with its score vector): some 800
// bytes a page for one system, allocated the whole run long. While its pages run, a
// run keeps each page's records as one string instead -- its fields one after the
// other, numbers as their bytes, so that every byte and every double comes back
// exactly -- about 200 bytes on DANIEL, and makes the model from them once the run
// is over (and its documents and pages are freed).
#pragma once

#include <string>
#include <string_view>

#include "store/records.h"

namespace detour::harness {

// A page's records with its id and output name (out_name equal to the id is not
// stored twice). The entry's doc index and output hashes are not kept (the run
// knows the page's place; the hashes serve only the journal and the store).
std::string pack_page(const store::PageEntry& page, std::string_view id, std::string_view out_name);

struct UnpackedPage {
  std::string id, out_name;
  store::PageEntry page;  // doc and output hashes 0
};
// Throws std::logic_error on a blob that pack_page did not make.
UnpackedPage unpack_page(std::string_view blob);

}  // namespace detour::harness
