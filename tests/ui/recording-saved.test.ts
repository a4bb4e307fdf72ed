import { describe, expect, it, vi } from "vitest";
import { savedLine } from "@/components/exam/RecordingStatus";
import { UploadQueue, type UploadProgress } from "@/components/exam/uploadQueue";
import { translator } from "../support/translator";

const FINE = { total: 10, uploaded: 10, waiting: 0, failing: false };
const english = translator("en", "exam.recording");

describe("the recording's saved-up-to line", () => {
  it("says how far the server has confirmed, as mm:ss", () => {
    expect(savedLine({ ...FINE, savedSeconds: 7 }, english)).toBe("Recording: saved up to 00:07");
    expect(savedLine({ ...FINE, savedSeconds: 754 }, english)).toBe("Recording: saved up to 12:34");
  });

  it("says it is saving while nothing is confirmed yet, or while chunks pile up", () => {
    expect(savedLine({ ...FINE, uploaded: 0, waiting: 1, savedSeconds: 0 }, english)).toBe("Recording: saving…");
    expect(savedLine({ ...FINE, waiting: 1, savedSeconds: 9 }, english)).toBe("Recording: saved up to 00:09");
    expect(savedLine({ ...FINE, waiting: 5, savedSeconds: 9 }, english)).toBe("Recording: saved up to 00:09, saving…");
  });

  it("is said in Hindi to a Hindi reader, the time as the same mm:ss", () => {
    const hindi = translator("hi", "exam.recording");
    expect(savedLine({ ...FINE, savedSeconds: 754 }, hindi)).toBe("रिकॉर्डिंग: 12:34 तक सहेजी गई");
    expect(savedLine({ ...FINE, uploaded: 0, waiting: 1, savedSeconds: 0 }, hindi)).toBe("रिकॉर्डिंग: सहेजी जा रही है…");
  });
});

describe("the upload queue's confirmed chunk", () => {
  it("reports the latest chunk the server stored, and only once it answered", async () => {
    const answers: ((response: Response) => void)[] = [];
    const reports: UploadProgress[] = [];
    const queue = new UploadQueue(() => new Promise<Response>((resolve) => answers.push(resolve)), (progress) => reports.push(progress));
    queue.start();
    queue.add(new Blob(["a"]), 4);
    queue.add(new Blob(["b"]), 5);
    expect(reports.at(-1)).toMatchObject({ waiting: 2, lastStored: undefined });

    await vi.waitFor(() => expect(answers).toHaveLength(1));
    answers[0](new Response("{}", { status: 200 }));
    await vi.waitFor(() => expect(reports.at(-1)).toMatchObject({ waiting: 1, lastStored: 4 }));

    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1](new Response("{}", { status: 200 }));
    await vi.waitFor(() => expect(reports.at(-1)).toMatchObject({ waiting: 0, lastStored: 5 }));
  });
});
