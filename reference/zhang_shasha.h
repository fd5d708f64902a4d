// zhang_shasha: the textbook tree edit distance (Zhang & Shasha 1989), the
// reference the fast kernels of kernels/tree_edit/ted.h are tested and timed
// against. Tests and benchmarks only.
#pragma once

#include "kernels/tree_edit/tree.h"

namespace detour::ted {

int ted_zhang_shasha(const Tree& f, const Tree& g);

}  // namespace detour::ted
