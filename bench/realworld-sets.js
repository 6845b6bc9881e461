// The document sets of the real-world section (issue 13), built the same way in every process
// that measures them (a child per fresh process, or the driver of a browser page):
//   classic     twitter, citm_catalog, canada from ../shared/corpus, else their generated stand-ins;
//   realworld   every file of ../shared/corpus/realworld, when that folder exists;
//   look-alikes generated documents of each real-world shape, always;
//   bodies      request-sized bodies (0.2 to 16 KB) cut from the two sets above;
//   hostile     the hostile shapes (long numbers, integer-like keys, wide arrays, duplicate keys).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedDocuments } from './payloads.js';
import { hostileShapes, largeDocuments, lookAlikes, readRealworldCorpus, requestBodies } from './realworld-shapes.js';

export const setNames = ['classic', 'realworld', 'look-alikes', 'bodies', 'hostile', 'large'];

/**
 * The sets a process measures together. The documents past 4 MiB (`large`, 80 MB of them) run in
 * processes of their own: held beside the others and warmed among them, they took the warm-up time
 * and heap the small documents had, and Bun's iso-3166-1 read 2.29 where it reads 1.26 (round 56).
 * The browser page runs the first group only.
 */
export const setGroups = [setNames.filter((name) => name !== 'large'), ['large']];

/** How much smaller the hostile shapes are in a quick run: each shape stays, its size does not. */
const quickHostileScale = 0.02;

function classicDocuments(corpusDir) {
  return Object.entries(generatedDocuments).map(([name, generate]) => {
    const path = corpusDir && join(corpusDir, `${name}.json`);
    if (path && existsSync(path)) return { name, origin: 'corpus', bytes: new Uint8Array(readFileSync(path)) };
    return { name: `${name}-like`, origin: 'generated', bytes: generate() };
  });
}

/**
 * Every document of every set (or of the sets named), in a fixed order, as `{ set, id, name, origin, bytes }`.
 * @param {{ corpusDir?: string | null, quick?: boolean, filter?: string[] | null, sets?: string[] }} options
 *   corpusDir: ../shared/corpus or null; filter: keep only ids containing one of these (lowercase);
 *   sets: build only these (the hostile shapes take a while to generate); by default the first of setGroups
 */
export function realworldSets({ corpusDir = null, quick = false, filter = null, sets: wantedSets = setGroups[0] } = {}) {
  const realworld = corpusDir ? readRealworldCorpus(join(corpusDir, 'realworld')) : [];
  const builders = {
    classic: () => classicDocuments(corpusDir),
    realworld: () => realworld.map((document) => ({ ...document, origin: 'corpus' })),
    'look-alikes': () => Object.entries(lookAlikes).map(([name, make]) => ({ name, origin: 'generated', bytes: make() })),
    bodies: () =>
      requestBodies({ realworld, perDocument: quick ? 1 : 3 }).map((body) => ({
        ...body,
        origin: realworld.some(({ name }) => body.name.startsWith(`${name}@`)) ? 'corpus' : 'generated',
      })),
    hostile: () => Object.entries(hostileShapes).map(([name, make]) => ({ name, origin: 'generated', bytes: make(quick ? quickHostileScale : 1) })),
    large: () => Object.entries(largeDocuments(quick ? quickHostileScale : 1)).map(([name, make]) => ({ name, origin: 'generated', bytes: make() })),
  };
  const documents = [];
  for (const set of setNames.filter((name) => wantedSets.includes(name))) {
    for (const document of builders[set]()) {
      const id = `${set}/${document.name}`;
      if (!filter || filter.some((wanted) => id.toLowerCase().includes(wanted))) documents.push({ set, id, ...document });
    }
  }
  return documents;
}
