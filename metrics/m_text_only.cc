// Text-only measures: `to` (words, all tags removed on both sides, difflib
// alignment) and `car` (non-space Unicode code points of the same text, difflib
// alignment; the measure that makes unsegmented scripts such as Chinese measurable).
#include "metrics/metric.h"

namespace detour::metrics {
namespace {

DocScore count(const std::vector<Opcode>& ops) {
  DocScore d;
  for (const Opcode& op : ops) {
    int sys_len = op.i2 - op.i1, gold_len = op.j2 - op.j1;
    switch (op.tag) {
      case OpTag::Equal: d.tp += sys_len; break;
      case OpTag::Delete: d.fp += sys_len; break;
      case OpTag::Insert: d.fn += gold_len; break;
      case OpTag::Replace:
        d.fp += sys_len;
        d.fn += gold_len;
        break;
    }
  }
  return d;
}

}  // namespace

DocScore score_to(DocPair& p) { return count(p.text_only_word_opcodes()); }
DocScore score_car(DocPair& p) { return count(p.text_only_char_opcodes()); }

}  // namespace detour::metrics
