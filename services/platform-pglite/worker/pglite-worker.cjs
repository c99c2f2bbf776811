// The worker thread that owns the embedded mode's PGlite instance (services/platform-pglite/src/pglite-db.ts starts it).
// Plain CommonJS beside src/ and dist/ (both two folders down), so the same file runs under jest and from dist.
// Protocol, one message at a time:
//   main -> worker: { id, sql, params? }   (no params: `exec`, several statements allowed; the last result returns)
//   worker -> main: { id, result: { rows, rowCount } } | { id, error: { message, ...DatabaseError fields } }
// Startup: the worker posts { ready: true, probe: {} } or { initError }.
// `bigint` and `numeric` come back as strings, as `pg` returns them (arrays follow their element parsers).
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite, types } = require(workerData.pglitePath);
const { pg_trgm } = require(workerData.pgTrgmPath);

function plainError(error) {
  const fields = { message: error && error.message ? String(error.message) : String(error) };
  if (error && typeof error === 'object') {
    for (const key of Object.keys(error)) {
      const value = error[key];
      if (value === undefined || typeof value === 'function' || key === 'params') continue;
      if (typeof value === 'object' && value !== null) continue;
      fields[key] = value;
    }
  }
  return fields;
}

function lastResult(results) {
  const last = Array.isArray(results) ? results[results.length - 1] : results;
  if (!last) return { rows: [], rowCount: 0 };
  return { rows: last.rows, rowCount: last.rowCount ?? last.affectedRows ?? last.rows.length };
}

(async () => {
  let db;
  try {
    const parsers = { [types.INT8]: (value) => value, [types.NUMERIC]: (value) => value };
    db = await PGlite.create(workerData.dataDir, { extensions: { pg_trgm }, parsers });
  } catch (error) {
    parentPort.postMessage({ initError: plainError(error) });
    return;
  }
  parentPort.on('message', async (message) => {
    if (message.close) {
      try {
        await db.close();
        parentPort.postMessage({ id: message.id, result: { rows: [], rowCount: 0 } });
      } catch (error) {
        parentPort.postMessage({ id: message.id, error: plainError(error) });
      }
      parentPort.close();
      return;
    }
    try {
      const result =
        message.params && message.params.length > 0
          ? await db.query(message.sql, message.params)
          : await db.exec(message.sql);
      parentPort.postMessage({ id: message.id, result: lastResult(result) });
    } catch (error) {
      parentPort.postMessage({ id: message.id, error: plainError(error) });
    }
  });
  parentPort.postMessage({ ready: true, probe: {} });
})();
