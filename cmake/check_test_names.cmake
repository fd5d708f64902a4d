# Fails when a Catch2 test case name holds ';' or a backslash:
#   cmake -DTEST_EXECUTABLE=<detour_tests> -P check_test_names.cmake
# ctest takes ';' as a list separator: such a test is registered as two names, each
# runs a filter that matches no test case, and (without --warn NoTests) counts as
# passed while nothing ran. A backslash is an escape in the Catch2 filter that ctest
# passes, so the filter no longer equals the name and again nothing runs. Run after every build of detour_tests (POST_BUILD) and as
# a ctest of its own, so that such a name cannot come back unseen.
if(NOT TEST_EXECUTABLE)
  message(FATAL_ERROR "check_test_names: give -DTEST_EXECUTABLE=<test binary>")
endif()
execute_process(COMMAND "${TEST_EXECUTABLE}" --list-test-names-only
  OUTPUT_VARIABLE names RESULT_VARIABLE status)
# --list-test-names-only exits with the number of tests listed: a negative status or
# a message instead of a number is a failure to run it.
if(NOT status MATCHES "^[0-9]+$")
  message(FATAL_ERROR "check_test_names: ${TEST_EXECUTABLE} --list-test-names-only failed: ${status}")
endif()
string(FIND "${names}" ";" at)
if(NOT at EQUAL -1)
  # Lines with a ';', each shown whole: ';' replaced for the message (CMake lists would
  # cut them again).
  string(REPLACE ";" "<SEMICOLON>" shown "${names}")
  string(REGEX MATCHALL "[^\n]*<SEMICOLON>[^\n]*" bad "${shown}")
  list(LENGTH bad count)
  list(JOIN bad "\n  " lines)
  message(FATAL_ERROR "check_test_names: ${count} test case name(s) hold ';' (ctest cuts such a name and then "
    "runs nothing; use ',' or 'and'):\n  ${lines}")
endif()
string(FIND "${names}" "\\" at)
if(NOT at EQUAL -1)
  string(REGEX MATCHALL "[^\n]*[\\][^\n]*" bad "${names}")
  list(LENGTH bad count)
  list(JOIN bad "\n  " lines)
  message(FATAL_ERROR "check_test_names: ${count} test case name(s) hold a backslash (Catch2 reads it as an escape "
    "in the filter ctest passes, which then matches no test case; spell it out):\n  ${lines}")
endif()
