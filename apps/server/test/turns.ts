// Whether long server work gives the event loop back (ADR 0079): on SQLite a query completes without a turn of the
// event loop, so a task of many queries that never yields lets no request in until it ends.

/** Counts the turns of the event loop other work gets from now on; `stop()` ends the count and answers it. */
export function countTurns(): { readonly turns: number; stop(): number } {
  let turns = 0;
  let done = false;
  const tick = () => {
    turns++;
    if (!done) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    get turns() {
      return turns;
    },
    stop() {
      done = true;
      return turns;
    },
  };
}
