import { startComposite, type Composite } from "./composite";
import { stopMedia, type ExamMedia } from "./media";
import { UploadQueue, type UploadProgress } from "./uploadQueue";

/** SPEC §9: video/webm with vp9 in 1 s slices; snapshots are JPEG at quality 0.8. */
const SLICE_MS = 1000;
const SNAPSHOT_QUALITY = 0.8;

function recordingType(): string {
  return MediaRecorder.isTypeSupported("video/webm;codecs=vp9") ? "video/webm;codecs=vp9" : "video/webm";
}

function uploader(path: string, field: string, fileName: (sequence: number) => string, quizId: string, participantId: string) {
  return (blob: Blob, sequence: number, signal: AbortSignal) => {
    const form = new FormData();
    form.append(field, blob, fileName(sequence));
    form.append("userID", participantId);
    form.append("quizID", quizId);
    form.append("sequence", String(sequence));
    return fetch(path, { method: "POST", body: form, signal });
  };
}

/** The upload's progress, with how much of the recording the server has confirmed. */
export interface RecordingProgress extends UploadProgress {
  /** Seconds of recording from the start up to the latest chunk the server stored. */
  savedSeconds: number;
}

export interface RecordingTarget {
  quizId: string;
  participantId: string;
  /** After a reload the recording goes on after the chunks the server already holds. */
  firstSequence: number;
}

/**
 * The exam's recording: screen and webcam composited, with the microphone, recorded in 1 s
 * chunks that are uploaded in order; optionally webcam snapshots at an interval.
 */
export class ExamRecording {
  private media: ExamMedia | null = null;
  private composite: Composite | null = null;
  private recorder: MediaRecorder | null = null;
  private snapshotTimer: ReturnType<typeof setInterval> | undefined;
  private readonly firstSequence: number;
  private nextSequence: number;
  private lastSnapshotSequence = -1;
  private readonly video: UploadQueue;
  private readonly snapshots: UploadQueue;
  private videoProgress: UploadProgress = { total: 0, uploaded: 0, waiting: 0, failing: false };
  /** false, or why snapshots keep failing (undefined: refused, or the cause is not known). */
  private snapshotsFailing: UploadProgress["cause"] | false = false;

  constructor(target: RecordingTarget, onProgress: (progress: RecordingProgress) => void) {
    const { quizId, participantId } = target;
    this.firstSequence = target.firstSequence;
    this.nextSequence = target.firstSequence;
    const report = () =>
      onProgress({
        ...this.videoProgress,
        failing: this.videoProgress.failing || this.snapshotsFailing !== false,
        cause: this.videoProgress.cause ?? (this.snapshotsFailing === false ? undefined : this.snapshotsFailing),
        // Before a reload the server already held the chunks up to firstSequence.
        savedSeconds: ((this.videoProgress.lastStored ?? this.firstSequence - 1) + 1) * (SLICE_MS / 1000),
      });
    this.video = new UploadQueue(
      uploader("/api/wasabi/upload-exam-chunk", "chunk", (sequence) => `chunk-${sequence}.webm`, quizId, participantId),
      (progress) => {
        this.videoProgress = progress;
        report();
      },
    );
    this.snapshots = new UploadQueue(
      uploader("/api/wasabi/upload-snapshot", "snapshot", (sequence) => `snapshot-${sequence}.jpg`, quizId, participantId),
      (progress) => {
        this.snapshotsFailing = progress.failing && progress.cause;
        report();
      },
    );
  }

  async start(media: ExamMedia, snapshotIntervalMs?: number) {
    this.media = media;
    this.composite = await startComposite(media.screen, media.camera);
    const recorder = new MediaRecorder(this.composite.stream, { mimeType: recordingType() });
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) this.video.add(event.data, this.nextSequence++);
    };
    // The last chunk arrives just before "stop": only then may the capture end.
    recorder.onstop = () => this.release();
    recorder.start(SLICE_MS);
    this.recorder = recorder;
    if (snapshotIntervalMs) this.snapshotTimer = setInterval(() => this.snapshot(), snapshotIntervalMs);
  }

  /** The server files chunks under the attempt, so uploads wait until it exists. */
  beginUploads() {
    this.video.start();
    this.snapshots.start();
  }

  /** Ends the recording; the queues keep uploading what is left. */
  stop() {
    clearInterval(this.snapshotTimer);
    if (this.recorder && this.recorder.state !== "inactive") this.recorder.stop();
    else this.release();
  }

  /** Throws the recording away: the exam did not start. */
  discard() {
    if (this.recorder) this.recorder.ondataavailable = null;
    this.stop();
    this.video.clear();
    this.snapshots.clear();
    this.nextSequence = this.firstSequence;
    this.lastSnapshotSequence = -1;
  }

  private release() {
    this.composite?.stop();
    if (this.media) stopMedia(this.media);
  }

  private snapshot() {
    const camera = this.composite?.camera;
    if (!camera || camera.videoWidth === 0) return;
    const canvas = document.createElement("canvas");
    canvas.width = camera.videoWidth;
    canvas.height = camera.videoHeight;
    canvas.getContext("2d")?.drawImage(camera, 0, 0);
    // Numbered after the video chunk it was taken during, which also carries over a reload.
    const sequence = Math.max(this.lastSnapshotSequence + 1, this.nextSequence);
    this.lastSnapshotSequence = sequence;
    canvas.toBlob((blob) => blob && this.snapshots.add(blob, sequence), "image/jpeg", SNAPSHOT_QUALITY);
  }
}
