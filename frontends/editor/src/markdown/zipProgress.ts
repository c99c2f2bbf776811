/**
 * Counts the files of a zip as its bytes stream in, by walking the local file headers the vellum service writes
 * (sizes in each header, no data descriptors), so the page can show 'n of N' while the archive downloads.
 */
export class ZipProgress {
  /** Where the next local header starts, from the start of the archive. */
  private next = 0;
  private received = 0;
  /** The bytes of a header that straddles two chunks. */
  private head = new Uint8Array(0);
  files = 0;
  /** The central directory has begun: every file has arrived. */
  done = false;

  /** Feeds the next chunk; returns the number of files whose header has arrived so far. */
  push(chunk: Uint8Array): number {
    const start = this.received;
    this.received += chunk.length;
    while (!this.done && this.next < this.received) {
      const at = this.next + this.head.length - start;
      const head = new Uint8Array(30);
      head.set(this.head);
      const part = chunk.subarray(at, at + 30 - this.head.length);
      head.set(part, this.head.length);
      if (this.head.length + part.length < 30) {
        this.head = head.subarray(0, this.head.length + part.length);
        break;
      }
      this.head = new Uint8Array(0);
      const view = new DataView(head.buffer);
      if (view.getUint32(0, true) !== 0x04034b50) {
        this.done = true;
        break;
      }
      this.files++;
      this.next += 30 + view.getUint16(26, true) + view.getUint16(28, true) + view.getUint32(18, true);
    }
    return this.files;
  }
}
