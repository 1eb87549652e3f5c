import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDb } from './index';

describe('openDb on PostgreSQL', () => {
  afterEach(() => vi.restoreAllMocks());

  it('survives the server ending an idle connection (the pool emits error; without a listener Node would exit)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // No query is made, so nothing connects: the pool only has to exist.
    const db = openDb({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none', dataDir: '' });
    try {
      expect(db.pool).toBeDefined();
      const terminated = new Error('terminating connection due to administrator command');
      expect(() => db.pool!.emit('error', terminated)).not.toThrow();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('数据库空闲连接已断开'));
    } finally {
      await db.close();
    }
  });
});
