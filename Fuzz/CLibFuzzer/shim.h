#include <stddef.h>
#include <stdint.h>

// libFuzzer's entry point for a program with its own `main` (compiler-rt's FuzzerInterface.h).
// Linked in by -sanitize=fuzzer; only a build with FUZZING calls it.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
