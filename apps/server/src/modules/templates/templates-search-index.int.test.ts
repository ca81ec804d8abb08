import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { templates } from '../../db/schema.js';
import { createPostgresDatabase, type TestDatabase } from '../../../test/test-database.js';
import { templatePageQuery, type TemplatePageOptions } from './templates.queries.js';

// Both engines the server runs on, whichever the suite runs on: the index comes from a migration
// and PGlite has to load pg_trgm for it, so each needs its own proof.
const engines = [
  { name: 'PGlite', open: async () => ({ handle: await openDatabase({}), drop: undefined }) },
  {
    name: 'PostgreSQL',
    open: async () => {
      const database: TestDatabase = await createPostgresDatabase();
      return { handle: await openDatabase({ databaseUrl: database.url }), drop: database.drop };
    },
  },
];

const ROWS = 400;
function pageOptions(search: string): TemplatePageOptions {
  return {
    userId: 'nobody',
    categoryKeywords: null,
    category: null,
    search,
    sort: 'newest',
    offset: 0,
    limit: ROWS,
  };
}

describe.each(engines)('template search on $name', ({ open }) => {
  let handle: DatabaseHandle;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ handle, drop } = await open());
    await handle.db.execute(sql`
      insert into templates (name, category, image_key, width, height)
      select case when i % 50 = 0 then 'Red Sneaker ' || i else 'Plain card ' || i end,
             case when i = 7 then 'sneakers' else (array['fashion','beauty','food','tech'])[i % 4 + 1] end,
             'test/' || i || '.png', 100, 100
      from generate_series(0, ${ROWS - 1}) as i`);
    await handle.db.execute(sql`analyze ${templates}`);
  });
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  /** The plan of the page's own query, with sequential scans priced out as on a large table. */
  async function explain(search: string): Promise<string> {
    const query = templatePageQuery(handle.db, pageOptions(search));
    return handle.db.transaction(async (tx) => {
      // On a table this small (and, by the planner's estimates, up to tens of thousands of rows)
      // reading every row is rightly cheapest, by a sequential scan or by walking the date index
      // with a filter. Pricing both out leaves the bitmap scans: the question is whether an index
      // can answer the search at all. Without one the plan keeps its (priced out) Seq Scan.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      const result = await tx.execute(sql`explain ${query}`);
      return (result as unknown as { rows: Record<string, string>[] }).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    });
  }

  it('answers a search from the trigram indexes on name and category', async () => {
    const plan = await explain('sneaker');
    expect(plan).toContain('templates_name_trgm_idx');
    expect(plan).toContain('templates_category_trgm_idx');
    expect(plan).not.toMatch(/Seq Scan on templates/);
  });

  it('still finds every name or category containing the words, in any case', async () => {
    const found = await templatePageQuery(handle.db, pageOptions('SNEAKER'));
    const expected = (await handle.db.select().from(templates)).filter(
      (row) => /sneaker/i.test(row.name) || /sneaker/i.test(row.category),
    );
    expect(found.map((row) => row.id).sort()).toEqual(expected.map((row) => row.id).sort());
    expect(found.length).toBe(ROWS / 50 + 1);
    // The person's % is a character, not a wildcard.
    expect(await templatePageQuery(handle.db, pageOptions('%%card'))).toEqual([]);
  });
});
