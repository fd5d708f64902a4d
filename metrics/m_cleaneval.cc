// CleanEval's own measures (cleaneval.py v1.0): `tm` (words with markup, labelled),
// `tag` (segmentation: marker tokens only), `tmu` (words with markup, unlabelled, -u).
// A replace opcode counts as delete + insert, as in the original.
#include "metrics/cleaneval_text.h"
#include "metrics/metric.h"

namespace detour::metrics {
namespace {

struct Counts {
  DocScore words, tags;
};

// With `tags` false only the word counts are made (no scan of the tokens).
Counts count(const Alignment& a, bool tags) {
  Counts c;
  for (const Opcode& op : a.opcodes) {
    int sys_len = op.i2 - op.i1, gold_len = op.j2 - op.j1;
    int sys_tags = 0, gold_tags = 0;
    if (tags) {
      for (int i = op.i1; i < op.i2; ++i) sys_tags += is_segment_marker(a.sys_tokens[i]);
      for (int j = op.j1; j < op.j2; ++j) gold_tags += is_segment_marker(a.gold_tokens[j]);
    }
    switch (op.tag) {
      case OpTag::Equal:
        c.words.tp += sys_len;
        c.tags.tp += sys_tags;
        break;
      case OpTag::Delete:
        c.words.fp += sys_len;
        c.tags.fp += sys_tags;
        break;
      case OpTag::Insert:
        c.words.fn += gold_len;
        c.tags.fn += gold_tags;
        break;
      case OpTag::Replace:
        c.words.fp += sys_len;
        c.tags.fp += sys_tags;
        c.words.fn += gold_len;
        c.tags.fn += gold_tags;
        break;
    }
  }
  return c;
}

}  // namespace

DocScore score_tm(DocPair& p) { return count(p.cleaneval(false), false).words; }
DocScore score_tag(DocPair& p) { return count(p.cleaneval(false), true).tags; }
DocScore score_tmu(DocPair& p) { return count(p.cleaneval(true), false).words; }

}  // namespace detour::metrics
