/**
 * A multipart/form-data body as a browser sends an upload: text fields first, then one file.
 * Returns the payload and the content-type header for `t.call`.
 */
export function multipartBody(
  content: Buffer | Uint8Array | string,
  { field = 'file', fileName = 'upload.bin', contentType = 'application/octet-stream', fields = {} }: { field?: string; fileName?: string; contentType?: string; fields?: Record<string, string> } = {},
) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(parts.join('')), Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
