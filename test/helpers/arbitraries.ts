/** fast-check arbitraries shared by the property tests. */
import fc from "fast-check";

/**
 * Strings of any code points, lone surrogates included: what `fc.string({ unit: "binary" })` gives. That
 * unit is a table of all 1,114,112 code points, and fast-check builds its reverse (a 1.1M-entry Map, ~0.6 s
 * of CPU) the first time a worker makes such a string; a mapped integer needs none.
 */
export const anyText = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c)), maxLength });
