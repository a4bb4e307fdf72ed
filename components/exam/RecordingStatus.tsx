import type { UploadProgress } from "./uploadQueue";

export function RecordingStatus({ progress }: { progress: UploadProgress }) {
  if (progress.total === 0) return null;
  return (
    <div className="mt-4 flex flex-col gap-2 text-sm">
      {/* Not a live region: it changes every second. */}
      <p className="text-slate-600">
        Recording: uploaded {progress.uploaded} of {progress.total} chunks
      </p>
      {progress.failing && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-800">
          Recording upload failed. Please check your internet connection.
        </p>
      )}
    </div>
  );
}
