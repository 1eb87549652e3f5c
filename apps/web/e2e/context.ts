// What the e2e global setup hands to the test files (vitest provide/inject).
declare module 'vitest' {
  export interface ProvidedContext {
    /** The running server, e.g. http://127.0.0.1:41234 (no trailing slash). */
    baseURL: string;
    /** The server's temp DATA_DIR (SQLite database and uploads). */
    dataDir: string;
    /**
     * The one Chromium of the run (global setup, chromium.launchServer) that the test files connect to, or '' when
     * each file should launch its own (E2E_SHARED_BROWSER=0).
     */
    browserWSEndpoint: string;
  }
}

export {};
