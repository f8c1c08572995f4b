/* fuzz.h — the entry point libFuzzer calls in each harness.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

/* One input; returns 0 (libFuzzer's convention).  A failed check aborts. */
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);
