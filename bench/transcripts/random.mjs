// @ts-check
/**
 * The transcripts' deterministic randomness (a seeded PRNG: no clock, nothing from the OS) and the words,
 * identifiers and lines of plausible TypeScript they are made of.
 */

/** Every generator's seed (each adds its own offset). */
export const SEED = 0x5eed_2026;

/** mulberry32: small, fast, good enough for test data. @param {number} seed */
export function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** @param {number} lo @param {number} hi inclusive */
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  /** @template T @param {readonly T[]} xs @returns {T} */
  const pick = (xs) => /** @type {T} */ (xs[Math.floor(next() * xs.length)]);
  const hex = (/** @type {number} */ n) => {
    let s = "";
    for (let i = 0; i < n; i++) s += "0123456789abcdef"[Math.floor(next() * 16)];
    return s;
  };
  const alnum = (/** @type {number} */ n) => {
    const abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let s = "";
    for (let i = 0; i < n; i++) s += abc[Math.floor(next() * abc.length)];
    return s;
  };
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(["8", "9", "a", "b"])}${hex(3)}-${hex(12)}`;
  return { next, int, pick, hex, alnum, uuid, chance: (/** @type {number} */ p) => next() < p };
}

/** @typedef {ReturnType<typeof prng>} Rng */

export const WORDS = (
  "the a cart price total discount order item customer checkout invoice tax shipping rule value line " +
  "test suite case module function type guard error state store update render component handler request " +
  "response cache key map list index count amount currency rounding boundary null undefined empty edge " +
  "first next previous batch queue retry timeout config option flag default schema parse validate check " +
  "fix change refactor rename extract inline move keep remove add use call return throw catch await"
).split(" ");
const IDENTS = (
  "cart order item price total discount tax rate line invoice customer address shipping amount currency " +
  "rounding rule batch queue cache entry key value index count result error state store handler request " +
  "response payload options config schema token session user account product sku stock coupon"
).split(" ");
const TYPES = ["number", "string", "boolean", "Cart", "Order", "LineItem", "Money", "Discount", "TaxRule"];
export const AREAS = [
  "cart",
  "checkout",
  "pricing",
  "orders",
  "tax",
  "shipping",
  "inventory",
  "api",
  "ui",
  "lib",
];

/** @param {Rng} r */
export function ident(r) {
  const a = r.pick(IDENTS);
  const b = r.pick(IDENTS);
  return a === b ? a : `${a}${b[0]?.toUpperCase()}${b.slice(1)}`;
}

/** @param {Rng} r @param {number} n */
export function words(r, n) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(r.pick(WORDS));
  return out.join(" ");
}

/** One line of plausible TypeScript. @param {Rng} r */
export function codeLine(r) {
  const k = r.int(0, 11);
  const id = ident(r);
  switch (k) {
    case 0:
      return `export function ${id}(${ident(r)}: ${r.pick(TYPES)}, ${ident(r)}: ${r.pick(TYPES)}): ${r.pick(TYPES)} {`;
    case 1:
      return `  const ${id} = ${ident(r)}.${ident(r)}(${ident(r)}, ${r.int(0, 999)});`;
    case 2:
      return `  if (${id} > ${r.int(0, 100)} && ${ident(r)} !== undefined) return ${ident(r)};`;
    case 3:
      return `  // ${words(r, r.int(4, 12))}`;
    case 4:
      return "}";
    case 5:
      return "";
    case 6:
      return `  ${id}.${ident(r)} = Math.round(${ident(r)} * ${(r.next() * 10).toFixed(2)}) / 100;`;
    case 7:
      return `import { ${ident(r)}, ${ident(r)} } from "../${r.pick(AREAS)}/${ident(r)}.js";`;
    case 8:
      return `  for (const ${id} of ${ident(r)}.${ident(r)}s) total += ${id}.${ident(r)} ?? 0;`;
    case 9:
      return `  throw new Error(\`${words(r, r.int(3, 7))}: \${${id}}\`);`;
    case 10:
      return `export interface ${id[0]?.toUpperCase()}${id.slice(1)} { ${ident(r)}: ${r.pick(TYPES)}; ${ident(r)}?: ${r.pick(TYPES)} }`;
    default:
      return `  return { ...${id}, ${ident(r)}: ${ident(r)}(${ident(r)}), ${ident(r)}: "${words(r, 2)}" };`;
  }
}
