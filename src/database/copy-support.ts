/** How a capability check reaches the database: one plain query. */
export type RunQuery = (sql: string) => Promise<Array<{ version: string }>>;

/**
 * Whether the server takes `COPY … FROM STDIN` over the wire. The embedded PGlite database does
 * not: served through our session server (pglite-session-server.ts), the COPY sub-protocol ends
 * its WebAssembly instance (measured on PGlite 0.5.14), so a trial COPY is no safe probe and the
 * server's own identity decides. Tests reach PGlite through an ordinary connection string, so the
 * configured target (DATABASE_URL or not) cannot tell either.
 */
export async function acceptsCopyFromStdin(query: RunQuery): Promise<boolean> {
  const [row] = await query('SELECT version() AS version');
  return !/PGlite/i.test(row?.version ?? '');
}
