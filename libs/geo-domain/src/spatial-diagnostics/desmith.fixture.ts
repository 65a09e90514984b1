// PySAL's "desmith" example (10 observations), copied verbatim from
// pysal/pysal @ c509696451849d6414a65728a46a0d386ceac489:
//   pysal/examples/desmith.gal — GAL contiguity: first line n, then per observation
//                                "id k" followed by a line with its k neighbour ids.
//   pysal/examples/desmith.txt — CSV: a "rows,cols" header line, column names, then id,z.

export const DESMITH_GAL = `10
1 2
2 4
2 2
1 5
3 2
4 7
4 4
1 3 5 8
5 4
2 4 6 9
6 2
5 10
7 2
3 8
8 3
4 7 9
9 3
5 8 10
10 2
6 9
`;

export const DESMITH_TXT = `2,10
"id","z"
1,2.24
2,3.10
3,4.55
4,-5.15
5,-4.39
6,0.46
7,5.54
8,9.02
9,-2.09
10,-3.06
`;

export interface DesmithData {
  /** Observation ids in file order (this is the value order, PySAL's `w.id_order`). */
  readonly ids: string[];
  readonly z: number[];
  /** 0-based neighbour indexes into `ids`, row i for observation ids[i]. */
  readonly neighbours: number[][];
}

function lines(text: string): string[] {
  return text.split('\n').filter((line) => line.trim() !== '');
}

/** Parses the two files above; GAL ids are mapped to value positions through desmith.txt's ids. */
export function parseDesmith(gal: string = DESMITH_GAL, txt: string = DESMITH_TXT): DesmithData {
  const [, header, ...rows] = lines(txt);
  const columns = header.split(',').map((name) => name.replaceAll('"', ''));
  const idColumn = columns.indexOf('id');
  const zColumn = columns.indexOf('z');
  const cells = rows.map((row) => row.split(','));
  const ids = cells.map((cell) => cell[idColumn]);
  const z = cells.map((cell) => Number(cell[zColumn]));
  const positions = new Map(ids.map((id, index) => [id, index] as const));
  const position = (id: string): number => {
    const index = positions.get(id);
    if (index === undefined) throw new Error(`desmith.gal: unknown id ${id}`);
    return index;
  };

  const [count, ...body] = lines(gal);
  if (Number(count) !== ids.length) throw new Error('desmith.gal and desmith.txt differ in n');
  const neighbours: number[][] = ids.map(() => []);
  for (let line = 0; line < body.length; line += 2) {
    const [id, k] = body[line].trim().split(/\s+/);
    const listed = body[line + 1].trim().split(/\s+/);
    if (listed.length !== Number(k)) throw new Error(`desmith.gal: id ${id} lists a wrong count`);
    neighbours[position(id)] = listed.map(position);
  }
  return { ids, z, neighbours };
}
