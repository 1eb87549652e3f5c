/** An error a client may see: a Chinese message and the HTTP status that fits it. */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly fields?: { path: string; msg: string }[],
  ) {
    super(message);
  }
}

export const badRequest = (msg: string, fields?: { path: string; msg: string }[]) => new AppError(400, msg, fields);
export const unauthorized = (msg = '请先登录') => new AppError(401, msg);
export const forbidden = (msg = '无权访问该功能') => new AppError(403, msg);
export const notFound = (msg = '内容不存在') => new AppError(404, msg);
export const conflict = (msg: string) => new AppError(409, msg);
export const tooLarge = (msg = '请求内容过大') => new AppError(413, msg);
export const unsupportedMediaType = (msg = '不支持的请求格式，请以 JSON 提交') => new AppError(415, msg);
export const tooMany = (msg: string) => new AppError(429, msg);
export const badGateway = (msg: string) => new AppError(502, msg);
