// ncleaner: the NCleaner extractors (Evert 2008, LREC; systems of the TALN 2015
// DANIEL evaluation): character n-gram models of clean and dirty text decide, segment
// by segment, what to keep (model: ncleaner/model.h; segmentation: ncleaner/segments.h).
//
// Registered systems (all diff-trained in prepare() on DANIEL (page, gold) pairs
// chosen with a seeded shuffle; the chosen pages are excluded from scoring, and the
// count and a hash of their ids go into the signature):
//   NC    mode 1, one model trained on 60 English pages, applied to every language
//         (stands in for NCleaner's shipped English CleanEval model, which we lack);
//   NCNL  as NC with the non-lexical normalisation (mode 3);
//   NCT5  mode 1, one model per language trained on 5 pages of that language;
//   NCT25 as NCT5 with 25 pages per language.
// All use n = 3, q = 0.6, bias 0 (model.h Options defaults). Settings: n, mode, q,
// bias (model.h Options) and pages (training pages per model).
#pragma once

#include <filesystem>
#include <memory>

#include "extractors/extractor.h"
#include "extractors/ncleaner/model.h"

namespace detour {

SettingSpecs ncleaner_nc_settings();
SettingSpecs ncleaner_ncnl_settings();
SettingSpecs ncleaner_nct5_settings();
SettingSpecs ncleaner_nct25_settings();
std::unique_ptr<Extractor> make_ncleaner_nc_extractor(const SettingValues& settings);
std::unique_ptr<Extractor> make_ncleaner_ncnl_extractor(const SettingValues& settings);
std::unique_ptr<Extractor> make_ncleaner_nct5_extractor(const SettingValues& settings);
std::unique_ptr<Extractor> make_ncleaner_nct25_extractor(const SettingValues& settings);

// An NCleaner extractor using a model file written by ncleaner::save() (for the
// `detour train` workflow). It needs no corpus, excludes no page, and applies the one
// model to every language; the file's provenance goes into the signature. Throws
// ncleaner::ModelError when the file cannot be loaded.
std::unique_ptr<Extractor> make_ncleaner_model_extractor(const std::filesystem::path& model_file,
                                                         std::string name = "NC-MODEL");

}  // namespace detour
