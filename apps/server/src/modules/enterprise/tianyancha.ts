// 天眼查 registration data behind one interface (ADR 0041, ARCHITECTURE rule 9, as the SMS and WeChat adapters of
// ADR 0005/0013): an offline default that answers deterministic demo data for any name (never presented as real:
// source 'offline'), and an HTTP adapter for Tianyancha's open API (or a compatible gateway) chosen by
// TIANYANCHA_PROVIDER=http with TIANYANCHA_HTTP_URL and TIANYANCHA_TOKEN. The token stays on the server.
import crypto from 'node:crypto';
import type { TycDetail, TycSearchItem } from '@ip/contract';
import type { Config } from '../../config';
import { badGateway } from '../../http/errors';
import { industryOf } from '../../db/seed/enterprise-service';

export type TycFound = Omit<TycSearchItem, 'company_id'>;

export interface TianyanchaClient {
  readonly provider: 'offline' | 'http';
  /** The registration detail of the enterprise of this exact name; null when the registry has none. */
  detail(name: string, creditCode?: string): Promise<TycDetail | null>;
  /** Registered enterprises whose name contains the keyword (at most 20). */
  search(keyword: string): Promise<TycFound[]>;
  /** Whether the service answers with the configured token. */
  check(): Promise<boolean>;
}

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length];

/** A number from a name's hash: the same name always gives the same demo record. */
function seedOf(name: string, salt: string): number {
  return crypto.createHash('sha256').update(`${salt}:${name}`).digest().readUInt32BE(0);
}

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '周', '吴', '徐', '孙', '马', '朱', '胡', '郭'];
const GIVEN = ['建国', '志强', '海涛', '晓东', '丽华', '文斌', '振宇', '春梅', '国庆', '立新', '雪峰', '永刚'];
const CAPITALS = [100, 200, 500, 800, 1000, 1500, 2000, 3000, 5000, 10000];
const STAFF = ['小于50人', '50-99人', '100-499人', '500-999人', '1000-4999人'];

/** Offline default: deterministic registration data derived from the name (and the stored credit code). */
export class OfflineTianyancha implements TianyanchaClient {
  readonly provider = 'offline' as const;
  async detail(name: string, creditCode = ''): Promise<TycDetail> {
    const n = seedOf(name, 'tyc');
    const year = 1995 + (n % 28);
    const month = 1 + ((n >> 5) % 12);
    const day = 1 + ((n >> 9) % 28);
    const industry = industryOf(name);
    return {
      name,
      credit_code: creditCode || `91330100${String(n % 1e10).padStart(10, '0')}`,
      legal_person: pick(SURNAMES, n >> 3) + pick(GIVEN, n >> 7),
      reg_capital: `${pick(CAPITALS, n >> 11)}万人民币`,
      established: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      reg_status: n % 23 === 0 ? '迁出' : '存续',
      company_type: name.includes('股份') ? '股份有限公司' : '有限责任公司',
      industry,
      address: `示例市高新区科技大道 ${1 + (n % 900)} 号`,
      business_scope: `${industry}相关的技术开发、技术咨询、技术服务；产品的研发、生产与销售；货物及技术进出口。（依法须经批准的项目，经相关部门批准后方可开展经营活动）`,
      staff_range: pick(STAFF, n >> 13),
      phone: `0571-8${String(n % 10_000_000).padStart(7, '0')}`,
      source: 'offline',
    };
  }
  async search(keyword: string): Promise<TycFound[]> {
    // Offline there is no registry to search: the keyword itself, completed to a company name, is the one hit.
    const name = /公司$/.test(keyword) ? keyword : `${keyword}有限公司`;
    const d = await this.detail(name);
    return [
      { name, credit_code: d.credit_code, legal_person: d.legal_person, reg_status: d.reg_status, established: d.established },
    ];
  }
  async check(): Promise<boolean> {
    return true;
  }
}

type TycEnvelope<T> = { error_code?: number; reason?: string; result?: T };
interface TycBaseInfo {
  name?: string;
  creditCode?: string;
  legalPersonName?: string;
  regCapital?: string;
  estiblishTime?: number | string;
  regStatus?: string;
  companyOrgType?: string;
  industry?: string;
  regLocation?: string;
  businessScope?: string;
  staffNumRange?: string;
  phoneNumber?: string;
}

/** A date from Tianyancha's epoch milliseconds (or a date string) as YYYY-MM-DD in China. */
function dayOf(v: number | string | undefined): string {
  if (v === undefined || v === '') return '';
  const ms = typeof v === 'number' ? v : /^\d+$/.test(v) ? Number(v) : Date.parse(v);
  if (!Number.isFinite(ms)) return '';
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * HTTP adapter: Tianyancha's open API shape — GET {url}/services/open/ic/baseinfo/normal?keyword=<name> and
 * GET {url}/services/open/search/2.0?word=<keyword>, header Authorization: <token>; answers
 * {error_code: 0, result} (error_code 300000: no data). Failures and timeouts become a Chinese 502.
 */
export class HttpTianyancha implements TianyanchaClient {
  readonly provider = 'http' as const;
  constructor(
    private baseUrl: string,
    private token = '',
  ) {}

  private async get<T>(path: string, params: Record<string, string>): Promise<TycEnvelope<T>> {
    const url = `${this.baseUrl.replace(/\/$/, '')}${path}?${new URLSearchParams(params).toString()}`;
    try {
      const res = await fetch(url, { headers: { Authorization: this.token }, signal: AbortSignal.timeout(10000) });
      if (!res.ok) throw new Error(String(res.status));
      return (await res.json()) as TycEnvelope<T>;
    } catch {
      throw badGateway('天眼查服务暂时不可用，请稍后再试');
    }
  }

  async detail(name: string): Promise<TycDetail | null> {
    const body = await this.get<TycBaseInfo>('/services/open/ic/baseinfo/normal', { keyword: name });
    if (body.error_code === 300000 || (body.error_code === 0 && !body.result)) return null;
    if (body.error_code !== 0 || !body.result) throw badGateway(`天眼查查询失败：${body.reason ?? '未知错误'}`);
    const r = body.result;
    return {
      name: r.name ?? name,
      credit_code: r.creditCode ?? '',
      legal_person: r.legalPersonName ?? '',
      reg_capital: r.regCapital ?? '',
      established: dayOf(r.estiblishTime),
      reg_status: r.regStatus ?? '',
      company_type: r.companyOrgType ?? '',
      industry: r.industry ?? '',
      address: r.regLocation ?? '',
      business_scope: r.businessScope ?? '',
      staff_range: r.staffNumRange ?? '',
      phone: r.phoneNumber ?? '',
      source: 'http',
    };
  }

  async search(keyword: string): Promise<TycFound[]> {
    const body = await this.get<{ items?: TycBaseInfo[] }>('/services/open/search/2.0', { word: keyword, pageSize: '20' });
    if (body.error_code === 300000) return [];
    if (body.error_code !== 0) throw badGateway(`天眼查查询失败：${body.reason ?? '未知错误'}`);
    return (body.result?.items ?? []).slice(0, 20).map((r) => ({
      name: (r.name ?? '').replace(/<\/?em>/g, ''),
      credit_code: r.creditCode ?? '',
      legal_person: r.legalPersonName ?? '',
      reg_status: r.regStatus ?? '',
      established: dayOf(r.estiblishTime),
    }));
  }

  async check(): Promise<boolean> {
    try {
      const body = await this.get<unknown>('/services/open/search/2.0', { word: '天眼查', pageSize: '1' });
      return body.error_code === 0 || body.error_code === 300000;
    } catch {
      return false;
    }
  }
}

/** Chooses the client from configuration (TIANYANCHA_PROVIDER). */
export function createTianyancha(config: Pick<Config, 'tianyancha'>): TianyanchaClient {
  const c = config.tianyancha;
  return c.provider === 'http' && c.url ? new HttpTianyancha(c.url, c.token) : new OfflineTianyancha();
}
