import { CAMERA_REQUEST, WEBCAM_CAPTURE_INTERVAL_MS, WEBCAM_FRAME } from '@app/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { classifyCameraError, type CameraFailure } from '../model/proctoring-rules';

/**
 * Webcam proctoring: opens the camera (1920x1080 requested), captures a 414x232.875 JPEG frame at
 * the start and then every 10 minutes, and hands each frame to `onFrame`. Returns the hidden
 * video and canvas refs and a stop function (called before the final submit).
 */
export function useCameraCapture(isEnabled: boolean, onFrame: (dataURL: string) => void, onFailure: (failure: CameraFailure) => void) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const callbacks = useRef({ onFrame, onFailure });
  callbacks.current = { onFrame, onFailure };

  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
  }, []);

  useEffect(() => {
    if (!isEnabled) return;
    let isCancelled = false;
    let intervalId: number | undefined;
    const capture = () => {
      const video = videoRef.current;
      const canvas = canvasRef.current;
      if (!video || !canvas || !streamRef.current) return;
      canvas.width = WEBCAM_FRAME.width;
      canvas.height = Math.round(WEBCAM_FRAME.height);
      canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
      callbacks.current.onFrame(canvas.toDataURL('image/jpeg', 0.8));
    };
    const start = async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('Camera not supported');
        const stream = await navigator.mediaDevices.getUserMedia({ video: { width: CAMERA_REQUEST.width, height: CAMERA_REQUEST.height }, audio: false });
        if (isCancelled) {
          stream.getTracks().forEach((track) => track.stop());
          return;
        }
        streamRef.current = stream;
        if (videoRef.current) {
          videoRef.current.srcObject = stream;
          await videoRef.current.play().catch(() => undefined);
        }
        window.setTimeout(capture, 2_000);
        intervalId = window.setInterval(capture, WEBCAM_CAPTURE_INTERVAL_MS);
      } catch (error) {
        if (!isCancelled) callbacks.current.onFailure(classifyCameraError(error));
      }
    };
    void start();
    return () => {
      isCancelled = true;
      if (intervalId) window.clearInterval(intervalId);
      stop();
    };
  }, [isEnabled, stop]);

  return { videoRef, canvasRef, stop };
}
