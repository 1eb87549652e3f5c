// SEARCH_GROONGA (ADR 0086): PostgreSQL only, one folder per app server under DATA_DIR unless GROONGA_DIR says
// otherwise.
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('SEARCH_GROONGA', () => {
  const base = { NODE_ENV: 'development', DATA_DIR: '/tmp/ip-config-test' };

  it('is off by default', () => {
    expect(loadConfig(base).groonga).toBeNull();
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://x@h/db' }).groonga).toBeNull();
  });

  it('on: needs PostgreSQL, and puts its databases under DATA_DIR/groonga by default', () => {
    expect(() => loadConfig({ ...base, SEARCH_GROONGA: 'on' })).toThrow('SEARCH_GROONGA=on 只用于 PostgreSQL');
    expect(loadConfig({ ...base, SEARCH_GROONGA: 'on', DATABASE_URL: 'postgres://x@h/db' }).groonga).toEqual({
      dir: path.resolve(`/tmp/ip-config-test/groonga/${os.hostname().replace(/[^\w.-]/g, '_')}_3000`),
      bin: undefined,
    });
    expect(
      loadConfig({ ...base, SEARCH_GROONGA: 'on', DATABASE_URL: 'postgres://x@h/db', INSTANCE_ID: 'app/2' }).groonga?.dir,
    ).toBe('/tmp/ip-config-test/groonga/app_2');
    expect(
      loadConfig({
        ...base,
        SEARCH_GROONGA: 'on',
        DATABASE_URL: 'postgres://x@h/db',
        GROONGA_DIR: '/srv/gr',
        GROONGA_BIN: '/opt/groonga/bin/groonga',
      }).groonga,
    ).toEqual({ dir: '/srv/gr', bin: '/opt/groonga/bin/groonga' });
  });

  it('refuses a value other than on / off', () => {
    expect(() => loadConfig({ ...base, SEARCH_GROONGA: 'yes' })).toThrow();
  });
});
