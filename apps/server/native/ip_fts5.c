/*
** ip_bm25: FTS5's bm25() for a query of one phrase, with the two inputs that cost bm25() the most given by the caller
** (issue 15, ADR 0072).
**
**   ip_bm25(patents_fts, nHit, nTok, w0, w1, …)
**
** bm25() first counts the rows its phrase matches over the whole table (xQueryPhrase, a second evaluation of the
** phrase) and then, for every row, reads the row's token count from the %_docsize table (a b-tree lookup per row,
** from disk when the page is not cached). The search store knows both already: the count is the size of the set it
** evaluated for the same query, and the token counts are held in memory. Everything else is bm25()'s own code
** (fts5_aux.c, SQLite 3.53), in the same order of floating-point operations, so the score is the same double.
**
** Built by scripts/build-native.mjs against the headers of the SQLite that better-sqlite3 compiles; loaded by
** apps/server/src/db/native.ts. Without it the store calls bm25() itself.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT1
#include <math.h>
#include <string.h>

typedef struct IpBm25Data IpBm25Data;
struct IpBm25Data {
  double avgdl;  /* Mean number of tokens in each row */
  double idf;    /* IDF of the one phrase */
  sqlite3_int64 nHit; /* The count the IDF was computed from */
};

static void ipBm25Function(
  const Fts5ExtensionApi *pApi,
  Fts5Context *pFts,
  sqlite3_context *pCtx,
  int nVal,
  sqlite3_value **apVal
){
  const double k1 = 1.2;
  const double b = 0.75;
  int rc = SQLITE_OK;
  IpBm25Data *p;
  sqlite3_int64 nHit;
  double D;
  double f = 0.0;
  double score;
  int nInst = 0;
  int i;

  if( nVal<2 ){
    sqlite3_result_error(pCtx, "ip_bm25: nHit and nTok are required", -1);
    return;
  }
  if( pApi->xPhraseCount(pFts)!=1 ){
    sqlite3_result_error(pCtx, "ip_bm25: the query must have exactly one phrase", -1);
    return;
  }
  nHit = sqlite3_value_int64(apVal[0]);
  D = (double)sqlite3_value_int64(apVal[1]);

  p = (IpBm25Data*)pApi->xGetAuxdata(pFts, 0);
  if( p==0 || p->nHit!=nHit ){
    sqlite3_int64 nRow = 0;
    sqlite3_int64 nToken = 0;
    double idf;
    if( p==0 ){
      p = (IpBm25Data*)sqlite3_malloc64(sizeof(IpBm25Data));
      if( p==0 ){
        sqlite3_result_error_nomem(pCtx);
        return;
      }
      memset(p, 0, sizeof(IpBm25Data));
      rc = pApi->xSetAuxdata(pFts, p, sqlite3_free);
      if( rc!=SQLITE_OK ){
        sqlite3_result_error_code(pCtx, rc);
        return;
      }
    }
    /* As fts5Bm25GetData() computes them. */
    rc = pApi->xRowCount(pFts, &nRow);
    if( rc==SQLITE_OK ) rc = pApi->xColumnTotalSize(pFts, -1, &nToken);
    if( rc!=SQLITE_OK ){
      sqlite3_result_error_code(pCtx, rc);
      return;
    }
    p->avgdl = (double)nToken  / (double)nRow;
    idf = log( (nRow - nHit + 0.5) / (nHit + 0.5) );
    if( idf<=0.0 ) idf = 1e-6;
    p->idf = idf;
    p->nHit = nHit;
  }

  rc = pApi->xInstCount(pFts, &nInst);
  for(i=0; rc==SQLITE_OK && i<nInst; i++){
    int ip; int ic; int io;
    rc = pApi->xInst(pFts, i, &ip, &ic, &io);
    if( rc==SQLITE_OK ){
      double w = (nVal-2 > ic) ? sqlite3_value_double(apVal[2+ic]) : 1.0;
      f += w;
    }
  }
  if( rc!=SQLITE_OK ){
    sqlite3_result_error_code(pCtx, rc);
    return;
  }
  score = 0.0;
  score += p->idf * (
      ( f * (k1 + 1.0) ) /
      ( f + k1 * (1 - b + b * D / p->avgdl) )
  );
  sqlite3_result_double(pCtx, -1.0 * score);
}

static fts5_api *fts5Api(sqlite3 *db){
  fts5_api *pRet = 0;
  sqlite3_stmt *pStmt = 0;
  if( SQLITE_OK==sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &pStmt, 0) ){
    sqlite3_bind_pointer(pStmt, 1, (void*)&pRet, "fts5_api_ptr", 0);
    sqlite3_step(pStmt);
  }
  sqlite3_finalize(pStmt);
  return pRet;
}

#ifdef _WIN32
__declspec(dllexport)
#endif
int sqlite3_ipfts_init(sqlite3 *db, char **pzErrMsg, const sqlite3_api_routines *pApi){
  fts5_api *fts;
  SQLITE_EXTENSION_INIT2(pApi);
  fts = fts5Api(db);
  if( fts==0 || fts->iVersion<2 ){
    *pzErrMsg = sqlite3_mprintf("ip_fts5: FTS5 is not available");
    return SQLITE_ERROR;
  }
  return fts->xCreateFunction(fts, "ip_bm25", 0, ipBm25Function, 0);
}
