import { failureCause, reportReachable, whenReachable, type FailureCause } from "./connectivity";

type ChunkStatus = "uploading" | "success" | "failed";

export interface UploadProgress {
  total: number;
  uploaded: number;
  /** Chunks not yet stored nor refused. */
  waiting: number;
  /** A chunk keeps failing, or the server refused one. */
  failing: boolean;
  /** Why the chunk keeps failing: the connection is down, or our server is not answering. */
  cause?: FailureCause;
  /** The sequence number of the latest chunk the server confirmed it stored. */
  lastStored?: number;
}

interface Chunk {
  sequence: number;
  /** Released once stored, so a long exam does not hold its whole video in memory. */
  blob: Blob | null;
  status: ChunkStatus;
  failures: number;
  cause?: FailureCause;
}

export type Upload = (blob: Blob, sequence: number, signal: AbortSignal) => Promise<Response>;

const FAILURES_BEFORE_WARNING = 3;
const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 30_000;

/** Waits `ms`, or less when the browser comes back online or another request succeeds. */
function backOff(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = whenReachable(done);
  });
}

/** A chunk stored in this time or retried: a server that does not answer is not waited on forever. */
const UPLOAD_TIMEOUT_MS = 30_000;

/**
 * Uploads recording chunks one at a time in recording order, so what the server holds is always
 * an unbroken run from the first chunk. A failed chunk is retried with back-off until it is
 * stored (the server files chunks by sequence, so a retry never duplicates one); nothing is
 * dropped. Only a chunk the server refuses outright (a 4xx it would repeat) is given up.
 */
export class UploadQueue {
  private readonly chunks: Chunk[] = [];
  private next = 0;
  private uploaded = 0;
  private lastStored: number | undefined;
  private refused = 0;
  private paused = true;
  private pumping = false;

  constructor(
    private readonly upload: Upload,
    private readonly onProgress: (progress: UploadProgress) => void,
  ) {}

  add(blob: Blob, sequence: number) {
    this.chunks.push({ sequence, blob, status: "uploading", failures: 0 });
    this.report();
    void this.pump();
  }

  /** Chunks wait until the server knows the attempt they belong to. */
  start() {
    this.paused = false;
    void this.pump();
  }

  /** Forgets every chunk: the recording was thrown away before any upload began. */
  clear() {
    this.paused = true;
    this.chunks.length = 0;
    this.next = 0;
    this.uploaded = 0;
    this.lastStored = undefined;
    this.refused = 0;
    this.report();
  }

  private async pump() {
    if (this.pumping || this.paused) return;
    this.pumping = true;
    while (!this.paused && this.next < this.chunks.length) {
      const chunk = this.chunks[this.next];
      chunk.status = "uploading";
      const result = await this.send(chunk);
      if (result === "stored") reportReachable();
      if (this.chunks[this.next] !== chunk) break;
      if (result === "retry") {
        chunk.status = "failed";
        chunk.failures += 1;
        this.report();
        await backOff(Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (chunk.failures - 1)));
        continue;
      }
      chunk.status = result === "stored" ? "success" : "failed";
      chunk.blob = null;
      if (result === "stored") {
        this.uploaded += 1;
        this.lastStored = chunk.sequence;
      } else this.refused += 1;
      this.next += 1;
      this.report();
    }
    this.pumping = false;
  }

  private async send(chunk: Chunk): Promise<"stored" | "retry" | "refused"> {
    try {
      const response = await this.upload(chunk.blob!, chunk.sequence, AbortSignal.timeout(UPLOAD_TIMEOUT_MS));
      if (response.ok) return "stored";
      chunk.cause = failureCause(undefined, response.status);
      return response.status >= 500 || [401, 408, 429].includes(response.status) ? "retry" : "refused";
    } catch (error) {
      chunk.cause = failureCause(error);
      return "retry";
    }
  }

  private report() {
    const head = this.chunks[this.next];
    const headFailing = head?.status === "failed" && head.failures >= FAILURES_BEFORE_WARNING;
    this.onProgress({
      total: this.chunks.length,
      uploaded: this.uploaded,
      waiting: this.chunks.length - this.next,
      failing: this.refused > 0 || headFailing,
      cause: headFailing ? head?.cause : undefined,
      lastStored: this.lastStored,
    });
  }
}
