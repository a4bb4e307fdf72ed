import { SCREEN_CAPTURE } from "./composite";

export interface ExamMedia {
  screen: MediaStream;
  /** Webcam video and microphone audio. */
  camera: MediaStream;
}

export function stopMedia(media: ExamMedia) {
  for (const track of [...media.screen.getTracks(), ...media.camera.getTracks()]) track.stop();
}

/**
 * Asks for the screen, then the camera and microphone. The screen comes first because browsers
 * allow screen sharing only right after a click, and the camera prompt may take longer than
 * that allowance lasts. Rejects if either is refused, releasing whatever was granted.
 */
export async function requestExamMedia(): Promise<ExamMedia> {
  const screen = await navigator.mediaDevices.getDisplayMedia({ video: SCREEN_CAPTURE });
  try {
    const camera = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
    return { screen, camera };
  } catch (error) {
    for (const track of screen.getTracks()) track.stop();
    throw error;
  }
}
