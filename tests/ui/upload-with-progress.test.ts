import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, uploadWithProgress } from "@/lib/client";

/** A stand-in XMLHttpRequest: the test plays the upload's progress and the server's answer. */
class FakeRequest {
  static last: FakeRequest;
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  status = 0;
  responseText = "";
  sent: unknown;
  opened: [string, string] | undefined;

  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, path: string) {
    this.opened = [method, path];
  }
  send(body: unknown) {
    this.sent = body;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(Object.assign(new Event("progress"), { lengthComputable: true, loaded, total }));
  }
  answer(status: number, body: string) {
    this.upload.dispatchEvent(new Event("load"));
    this.status = status;
    this.responseText = body;
    this.events.dispatchEvent(new Event("load"));
  }
  fail() {
    this.events.dispatchEvent(new Event("error"));
  }
}

afterEach(() => vi.unstubAllGlobals());

describe("uploadWithProgress", () => {
  it("reports whole percents as the body goes up, and resolves with the server's JSON", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeRequest);
    const percents: number[] = [];
    const form = new FormData();
    const done = uploadWithProgress<{ url: string }>("/api/upload", form, (percent) => percents.push(percent));
    const request = FakeRequest.last;
    expect(request.opened).toEqual(["POST", "/api/upload"]);
    expect(request.sent).toBe(form);
    request.progress(0, 2000);
    request.progress(843, 2000);
    request.progress(2000, 2000);
    request.answer(200, JSON.stringify({ url: "/api/files/abc" }));
    await expect(done).resolves.toEqual({ url: "/api/files/abc" });
    expect(percents).toEqual([0, 42, 100, 100]);
  });

  it("refuses with the server's message, as callApi does", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeRequest);
    const done = uploadWithProgress("/api/upload", new FormData(), () => {});
    FakeRequest.last.answer(413, JSON.stringify({ message: "The file size exceeds the 5 MB limit. Please upload a smaller file.", rows: [1] }));
    const error = await done.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, serverMessage: "The file size exceeds the 5 MB limit. Please upload a smaller file.", body: { rows: [1] } });
  });

  it("refuses without a server message when the answer is not JSON, and with a TypeError when none came", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeRequest);
    const garbled = uploadWithProgress("/api/upload", new FormData(), () => {});
    FakeRequest.last.answer(502, "<html>Bad gateway</html>");
    await expect(garbled).rejects.toMatchObject({ status: 502, serverMessage: undefined });

    const offline = uploadWithProgress("/api/upload", new FormData(), () => {});
    FakeRequest.last.fail();
    await expect(offline).rejects.toBeInstanceOf(TypeError);
  });
});
