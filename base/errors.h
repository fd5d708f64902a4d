// errors: the kinds of failure the command line maps to exit statuses.
//  - UsageError: the command was asked something it cannot mean (an unknown name, a
//    value out of range, options that contradict each other): exit 2.
//  - ResourceError: something a run needs before its first page is missing or
//    unusable (a stoplist, a model, training pages): the run stops, exit 1.
// Anything else thrown out of a command (bad input files, I/O) exits 1; failures of
// single pages are recorded per page and never thrown this far.
#pragma once

#include <stdexcept>

namespace detour {

class UsageError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

class ResourceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace detour
