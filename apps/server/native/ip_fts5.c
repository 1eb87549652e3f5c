/*
** ip_bm25: FTS5's bm25() with the two inputs that cost bm25() the most given by the caller (issue 15, ADR 0072).
**
**   ip_bm25(patents_fts, nTok, nHit_0, …, nHit_{P-1}, w_0, w_1, …)
**
** bm25() first counts, for each phrase of the query, the rows it matches over the whole table (xQueryPhrase: one
** more evaluation of every phrase), and then reads, for every row it scores, the row's token count from the
** %_docsize table (a b-tree lookup per row, from disk when the page is not cached). The search store knows both
** already: each phrase's count from the sets it evaluated, and the token counts, held in memory. nTok is the row's
** token count (what xColumnSize(-1) gives), nHit_i the count of phrase i (P = the query's phrases, in the order
** they appear in it), then the column weights as bm25() takes them. Everything else is bm25()'s own code
** (fts5_aux.c, SQLite 3.53), in the same order of floating-point operations, so the score is the same double.
**
**   ip_bm25t(patents_tx, averages, nTok, nHit_0, …, nHit_{P-1}, w_0, w_1, …)
**
** scores rows of another table as if they were patents_fts' (ADR 0073): patents_tx holds three of its columns at the
** same positions, so every phrase instance is the same, and only bm25's row count and mean row length differ. They
** are taken from `averages`, the block of patents_fts_data's row 1 (its row count and per-column token totals), as
** xRowCount and xColumnTotalSize would give them on patents_fts.
**
**   ip_hits(patents_tx)
**
** what a relevance page needs of each row of a one-phrase query besides its rowid, in the pass that finds the rows
** (ADR 0075), so that neither the title tier nor bm25 runs the phrase again: the text "rowid:n_0:…:n_{C-1}", the
** phrase's instances in each of the table's C columns (bm25's term frequency is their weighted sum; column 0 is the
** title).
**
**   ip_rowid_bits(rowid)
**
** an aggregate: the rowids it is given (0 to 2^31-1; others are left out) as a bitmap, a BLOB of native 32-bit words,
** word i holding rowids 32i to 32i+31, as many words as the largest rowid needs (NULL when none). The search store
** reads the posting sets of the most frequent terms with it at start-up (ADR 0079): 128 KB at a million patents, where
** group_concat(rowid) builds a text of up to 6 MB that JavaScript then parses (for 900,149 rows: 152 + 45 ms, against
** 77 ms as a bitmap), and the build's hundreds of such texts raised the server's peak memory.
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
  int nPhrase;    /* Number of phrases in query */
  double avgdl;   /* Mean number of tokens in each row */
  double *aIDF;   /* IDF for each phrase */
  double *aFreq;  /* Array used to calculate phrase freq. */
};

/*
** The row count and the token total of another FTS5 table, from its averages record (the block of its %_data row
** 1: a varint row count, then a varint token total per column; fts5StorageSaveTotals). Varints as sqlite3GetVarint.
*/
static int ipReadVarint(const unsigned char *a, int n, int *pi, sqlite3_int64 *pv){
  sqlite3_uint64 v = 0;
  int k;
  for(k=0; k<9; k++){
    unsigned char c;
    if( *pi>=n ) return 0;
    c = a[(*pi)++];
    if( k==8 ){ v = (v<<8) | c; *pv = (sqlite3_int64)v; return 1; }
    v = (v<<7) | (c & 0x7f);
    if( (c & 0x80)==0 ){ *pv = (sqlite3_int64)v; return 1; }
  }
  return 0;
}

static int ipAverages(sqlite3_value *pVal, sqlite3_int64 *pnRow, sqlite3_int64 *pnToken){
  const unsigned char *a = (const unsigned char*)sqlite3_value_blob(pVal);
  int n = sqlite3_value_bytes(pVal);
  int i = 0;
  sqlite3_int64 v = 0;
  if( a==0 || !ipReadVarint(a, n, &i, pnRow) ) return SQLITE_ERROR;
  *pnToken = 0;
  while( i<n ){
    if( !ipReadVarint(a, n, &i, &v) ) return SQLITE_ERROR;
    *pnToken += v;
  }
  return *pnRow>0 ? SQLITE_OK : SQLITE_ERROR;
}

/* bm25()'s IDF of a phrase with nHit of nRow rows (fts5Bm25GetData), the one formula ip_bm25 and ip_bm25_idf use. */
static double ipIdf(sqlite3_int64 nRow, sqlite3_int64 nHit){
  double idf = log( (nRow - nHit + 0.5) / (nHit + 0.5) );
  return idf<=0.0 ? 1e-6 : idf;
}

/*
** As fts5Bm25GetData(), with each phrase's count taken from apVal[1 + i] instead of xQueryPhrase(). With pAvg (the
** averages record of the table whose scores are wanted), the row count and token total come from it instead of
** from the table the function runs on.
*/
static int ipBm25GetData(
  const Fts5ExtensionApi *pApi,
  Fts5Context *pFts,
  sqlite3_value **apVal,
  sqlite3_value *pAvg,
  IpBm25Data **ppData
){
  int rc = SQLITE_OK;
  IpBm25Data *p;
  p = (IpBm25Data*)pApi->xGetAuxdata(pFts, 0);
  if( p==0 ){
    int nPhrase;
    sqlite3_int64 nRow = 0;
    sqlite3_int64 nToken = 0;
    sqlite3_int64 nByte;
    int i;
    nPhrase = pApi->xPhraseCount(pFts);
    nByte = sizeof(IpBm25Data) + nPhrase*2*sizeof(double);
    p = (IpBm25Data*)sqlite3_malloc64(nByte);
    if( p==0 ){
      rc = SQLITE_NOMEM;
    }else{
      memset(p, 0, (size_t)nByte);
      p->nPhrase = nPhrase;
      p->aIDF = (double*)&p[1];
      p->aFreq = &p->aIDF[nPhrase];
    }
    if( pAvg ){
      if( rc==SQLITE_OK ) rc = ipAverages(pAvg, &nRow, &nToken);
    }else{
      if( rc==SQLITE_OK ) rc = pApi->xRowCount(pFts, &nRow);
      if( rc==SQLITE_OK ) rc = pApi->xColumnTotalSize(pFts, -1, &nToken);
    }
    if( rc==SQLITE_OK ) p->avgdl = (double)nToken  / (double)nRow;
    for(i=0; rc==SQLITE_OK && i<nPhrase; i++){
      p->aIDF[i] = ipIdf(nRow, sqlite3_value_int64(apVal[1 + i]));
    }
    if( rc!=SQLITE_OK ){
      sqlite3_free(p);
    }else{
      rc = pApi->xSetAuxdata(pFts, p, sqlite3_free);
    }
    if( rc!=SQLITE_OK ) p = 0;
  }
  *ppData = p;
  return rc;
}

static void ipBm25Function(
  const Fts5ExtensionApi *pApi,
  Fts5Context *pFts,
  sqlite3_context *pCtx,
  int nVal,
  sqlite3_value **apVal
){
  const double k1 = 1.2;
  const double b = 0.75;
  int rc;
  double score = 0.0;
  IpBm25Data *pData;
  int i;
  int nInst = 0;
  double D;
  double *aFreq = 0;
  int nPhrase = pApi->xPhraseCount(pFts);
  /* ip_bm25t: the first argument is the averages record of the table to score as (see the header). */
  int nAvg = pApi->xUserData(pFts) ? 1 : 0;
  sqlite3_value **apWeight = &apVal[nAvg + 1 + nPhrase];
  int nWeight = nVal - nAvg - 1 - nPhrase;

  if( nWeight<0 ){
    sqlite3_result_error(pCtx, "ip_bm25: the token count and one count per phrase are required", -1);
    return;
  }
  D = (double)sqlite3_value_int64(apVal[nAvg]);
  rc = ipBm25GetData(pApi, pFts, &apVal[nAvg], nAvg ? apVal[0] : 0, &pData);
  if( rc==SQLITE_OK ){
    aFreq = pData->aFreq;
    memset(aFreq, 0, sizeof(double) * pData->nPhrase);
    rc = pApi->xInstCount(pFts, &nInst);
  }
  for(i=0; rc==SQLITE_OK && i<nInst; i++){
    int ip; int ic; int io;
    rc = pApi->xInst(pFts, i, &ip, &ic, &io);
    if( rc==SQLITE_OK ){
      double w = (nWeight > ic) ? sqlite3_value_double(apWeight[ic]) : 1.0;
      aFreq[ip] += w;
    }
  }
  if( rc==SQLITE_OK ){
    for(i=0; i<pData->nPhrase; i++){
      score += pData->aIDF[i] * (
          ( aFreq[i] * (k1 + 1.0) ) /
          ( aFreq[i] + k1 * (1 - b + b * D / pData->avgdl) )
      );
    }
    sqlite3_result_double(pCtx, -1.0 * score);
  }else{
    sqlite3_result_error_code(pCtx, rc);
  }
}


#define IP_HITS_MAX_COLUMNS 16

static void ipHitsFunction(
  const Fts5ExtensionApi *pApi,
  Fts5Context *pFts,
  sqlite3_context *pCtx,
  int nVal,
  sqlite3_value **apVal
){
  int nCol = pApi->xColumnCount(pFts);
  int aCount[IP_HITS_MAX_COLUMNS];
  char zOut[24 + 11*IP_HITS_MAX_COLUMNS];
  int nInst = 0;
  int rc;
  int i;
  int n;
  (void)apVal;
  if( nVal!=0 ){
    sqlite3_result_error(pCtx, "ip_hits: only the table is given", -1);
    return;
  }
  if( pApi->xPhraseCount(pFts)!=1 || nCol>IP_HITS_MAX_COLUMNS ){
    sqlite3_result_error(pCtx, "ip_hits: a query of one phrase is required", -1);
    return;
  }
  memset(aCount, 0, sizeof(aCount));
  rc = pApi->xInstCount(pFts, &nInst);
  for(i=0; rc==SQLITE_OK && i<nInst; i++){
    int ip; int ic; int io;
    rc = pApi->xInst(pFts, i, &ip, &ic, &io);
    if( rc==SQLITE_OK && ic>=0 && ic<nCol ) aCount[ic]++;
  }
  if( rc!=SQLITE_OK ){
    sqlite3_result_error_code(pCtx, rc);
    return;
  }
  sqlite3_snprintf(24, zOut, "%lld", pApi->xRowid(pFts));
  n = (int)strlen(zOut);
  for(i=0; i<nCol; i++){
    sqlite3_snprintf((int)sizeof(zOut) - n, &zOut[n], ":%d", aCount[i]);
    n += (int)strlen(&zOut[n]);
  }
  sqlite3_result_text(pCtx, zOut, n, SQLITE_TRANSIENT);
}

/*
** ip_bm25_idf(averages, nHit): bm25()'s IDF of a phrase with nHit rows, in a table whose averages record (see
** ipAverages) is given: the same log() as ip_bm25, so a score made from it in JavaScript is the same double.
** ip_bm25_avgdl(averages): its mean row length.
*/
static void ipBm25IdfFunction(sqlite3_context *pCtx, int nVal, sqlite3_value **apVal){
  sqlite3_int64 nRow = 0, nToken = 0;
  if( nVal!=2 || ipAverages(apVal[0], &nRow, &nToken)!=SQLITE_OK ){
    sqlite3_result_error(pCtx, "ip_bm25_idf: an averages record and a count are required", -1);
    return;
  }
  sqlite3_result_double(pCtx, ipIdf(nRow, sqlite3_value_int64(apVal[1])));
}

static void ipBm25AvgdlFunction(sqlite3_context *pCtx, int nVal, sqlite3_value **apVal){
  sqlite3_int64 nRow = 0, nToken = 0;
  if( nVal!=1 || ipAverages(apVal[0], &nRow, &nToken)!=SQLITE_OK ){
    sqlite3_result_error(pCtx, "ip_bm25_avgdl: an averages record is required", -1);
    return;
  }
  sqlite3_result_double(pCtx, (double)nToken / (double)nRow);
}

typedef struct IpBits IpBits;
struct IpBits {
  unsigned int *a;        /* the words (sqlite3_malloc64) */
  sqlite3_int64 nAlloc;   /* words allocated */
  sqlite3_int64 nUsed;    /* words up to the largest rowid's */
};

static void ipRowidBitsStep(sqlite3_context *pCtx, int nVal, sqlite3_value **apVal){
  IpBits *p = (IpBits*)sqlite3_aggregate_context(pCtx, sizeof(IpBits));
  sqlite3_int64 id, w;
  if( p==0 ){
    sqlite3_result_error_nomem(pCtx);
    return;
  }
  if( nVal!=1 ) return;
  id = sqlite3_value_int64(apVal[0]);
  if( id<0 || id>0x7fffffff ) return;
  w = id>>5;
  if( w>=p->nAlloc ){
    sqlite3_int64 n = p->nAlloc ? p->nAlloc : 1024;
    unsigned int *a;
    while( n<=w ) n *= 2;
    a = (unsigned int*)sqlite3_realloc64(p->a, (sqlite3_uint64)n*4);
    if( a==0 ){
      sqlite3_result_error_nomem(pCtx);
      return;
    }
    memset(&a[p->nAlloc], 0, (size_t)(n - p->nAlloc)*4);
    p->a = a;
    p->nAlloc = n;
  }
  p->a[w] |= 1u << (id & 31);
  if( w+1>p->nUsed ) p->nUsed = w+1;
}

static void ipRowidBitsFinal(sqlite3_context *pCtx){
  IpBits *p = (IpBits*)sqlite3_aggregate_context(pCtx, 0);
  if( p==0 || p->a==0 ){
    sqlite3_result_null(pCtx);
    return;
  }
  /* SQLite frees the words with the result. */
  sqlite3_result_blob64(pCtx, p->a, (sqlite3_uint64)p->nUsed*4, sqlite3_free);
  p->a = 0;
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
  {
    static int bAverages = 1;
    int rc = fts->xCreateFunction(fts, "ip_bm25", 0, ipBm25Function, 0);
    if( rc==SQLITE_OK ) rc = fts->xCreateFunction(fts, "ip_bm25t", (void*)&bAverages, ipBm25Function, 0);
    if( rc==SQLITE_OK ) rc = fts->xCreateFunction(fts, "ip_hits", 0, ipHitsFunction, 0);
    if( rc==SQLITE_OK ){
      rc = sqlite3_create_function(db, "ip_bm25_idf", 2, SQLITE_UTF8|SQLITE_DETERMINISTIC, 0, ipBm25IdfFunction, 0, 0);
    }
    if( rc==SQLITE_OK ){
      rc = sqlite3_create_function(db, "ip_bm25_avgdl", 1, SQLITE_UTF8|SQLITE_DETERMINISTIC, 0, ipBm25AvgdlFunction, 0, 0);
    }
    if( rc==SQLITE_OK ){
      rc = sqlite3_create_function(
        db, "ip_rowid_bits", 1, SQLITE_UTF8|SQLITE_DETERMINISTIC, 0, 0, ipRowidBitsStep, ipRowidBitsFinal
      );
    }
    return rc;
  }
}
