// The one function of http_ece (web-push's own RFC 8188 library) the push test uses to decrypt what the server sent.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
}
