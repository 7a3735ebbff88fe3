import { useEffect, useRef, useState } from 'react';

/** What the camera's panel says. */
export const CAMERA_TEXT = {
  open: 'Usar a câmera',
  close: 'Fechar a câmera',
  shoot: 'Fotografar esta folha',
  opening: 'Abrindo a câmera…',
  frame: 'Enquadre a folha inteira, de cima, com os quatro quadrados pretos dos cantos.',
  denied:
    'Sem permissão para usar a câmera. Permita a câmera neste site ou use “Fotografar ou escolher arquivos”.',
  missing: 'Não encontramos uma câmera neste aparelho. Use “Fotografar ou escolher arquivos”.',
} as const;

/** What was photographed so far, said after each shot. */
export const shotText = (count: number): string =>
  count === 1
    ? '1 folha fotografada. Vire para a próxima.'
    : `${count} folhas fotografadas. Vire para a próxima.`;

/**
 * The largest frame the camera gives (a sheet's photo needs about 8 px/mm: 2 400 px along an A4), as its sensor takes
 * it: no crop to an aspect ratio (`resizeMode: 'none'`), which would cut a sheet held upright to a landscape frame.
 */
const VIDEO = {
  facingMode: { ideal: 'environment' },
  width: { ideal: 4096 },
  height: { ideal: 4096 },
  resizeMode: { ideal: 'none' },
} as MediaTrackConstraints;

/** The camera's stream, asked for while `on` and stopped when it goes (or the screen does). */
function useCameraStream(on: boolean) {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!on) return;
    let live: MediaStream | null = null;
    let gone = false;
    setError(null);
    navigator.mediaDevices.getUserMedia({ video: VIDEO, audio: false }).then(
      (opened) => {
        if (gone) opened.getTracks().forEach((track) => track.stop());
        else setStream((live = opened));
      },
      (err: unknown) => {
        if (gone) return;
        const name = err instanceof DOMException ? err.name : '';
        setError(
          name === 'NotAllowedError' || name === 'SecurityError' ? CAMERA_TEXT.denied : CAMERA_TEXT.missing,
        );
      },
    );
    return () => {
      gone = true;
      live?.getTracks().forEach((track) => track.stop());
      setStream(null);
    };
  }, [on]);
  return { stream, error };
}

/** The frame the video shows now, as a JPEG of its full size; null before the first frame. */
function frameOf(video: HTMLVideoElement): Promise<Blob | null> {
  const { videoWidth: width, videoHeight: height } = video;
  if (width === 0 || height === 0) return Promise.resolve(null);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')?.drawImage(video, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
}

/**
 * The camera in the page, one sheet after the other: its picture live, a button that takes the frame and hands it to
 * the reader (as a photo chosen from the files would be), and the count of sheets taken. Nothing is kept: each frame
 * goes to the reader, the stream stops when the panel closes or the screen goes.
 */
export function CameraCapture({ onShot }: { onShot: (photo: File) => void }) {
  const [on, setOn] = useState(false);
  const [shots, setShots] = useState(0);
  const { stream, error } = useCameraStream(on);
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);

  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) return null;
  if (!on)
    return (
      <button type="button" className="button button--secondary" onClick={() => setOn(true)}>
        {CAMERA_TEXT.open}
      </button>
    );

  async function shoot() {
    const blob = video.current && (await frameOf(video.current));
    if (!blob) return;
    onShot(new File([blob], `camera-${shots + 1}.jpg`, { type: 'image/jpeg' }));
    setShots((n) => n + 1);
  }

  return (
    <div className="photo-camera" role="group" aria-label="Câmera">
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : (
        <>
          <p className="photo-camera__hint">{stream ? CAMERA_TEXT.frame : CAMERA_TEXT.opening}</p>
          <video ref={video} className="photo-camera__video" autoPlay playsInline muted />
          <button type="button" className="button" disabled={!stream} onClick={() => void shoot()}>
            {CAMERA_TEXT.shoot}
          </button>
        </>
      )}
      <p className="photo-camera__count" role="status">
        {shots > 0 ? shotText(shots) : ''}
      </p>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => {
          setOn(false);
          setShots(0);
        }}
      >
        {CAMERA_TEXT.close}
      </button>
    </div>
  );
}
