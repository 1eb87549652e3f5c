/** The address of one enterprise's page (/workEnterprisevisit, ADR 0049), used wherever an enterprise name links. */
export function enterpriseLink(id: number, name: string): string {
  return `/workEnterprisevisit?company_id=${id}&company_name=${encodeURIComponent(name)}`;
}
