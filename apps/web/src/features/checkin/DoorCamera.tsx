import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { Camera, CameraOff } from 'lucide-react';
import { Alert, Button } from '../../components/ui';
import { qrReader } from './qrReader';

/** How often a frame is read: quick enough to feel instant, light enough for an old phone. */
const FRAME_MS = 200;
/** A frame is scaled down to this width before it is read (a badge's code fills much of it). */
const READ_WIDTH = 800;
/** The same code seen again within this long is the same badge still in view, not a second scan. */
const SAME_CODE_MS = 10_000;

interface DoorCameraProps {
  onCode: (code: string) => void;
  /** Changes when the door staff press "Scan next": the last code may then be read again at once. */
  nextKey: number;
}

/**
 * The camera's view and the loop that reads codes from it, on the device (qrReader). The last code
 * read is ignored while it stays in view, so one badge held up is one scan.
 */
export function DoorCamera({ onCode, nextKey }: DoorCameraProps) {
  const { _ } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const [on, setOn] = useState(false);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const last = useRef<{ code: string; at: number } | null>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    last.current = null;
  }, [nextKey]);

  useEffect(() => {
    if (!on) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const readFrame = async () => {
      const element = video.current;
      if (stopped || !element || !context) return;
      if (element.readyState >= 2 && element.videoWidth > 0) {
        const scale = Math.min(1, READ_WIDTH / element.videoWidth);
        canvas.width = Math.round(element.videoWidth * scale);
        canvas.height = Math.round(element.videoHeight * scale);
        context.drawImage(element, 0, 0, canvas.width, canvas.height);
        const code = await (await qrReader()).read(context.getImageData(0, 0, canvas.width, canvas.height)).catch(() => null);
        const now = Date.now();
        if (code && !stopped && (last.current?.code !== code || now - last.current.at > SAME_CODE_MS)) {
          onCodeRef.current(code);
        }
        if (code) last.current = { code, at: now };
      }
      if (!stopped) timer = setTimeout(() => void readFrame(), FRAME_MS);
    };
    setStarting(true);
    setFailure(null);
    void (async () => {
      try {
        // The reader loads while the camera starts.
        const [media] = await Promise.all([
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment', width: { ideal: 1280 } }, audio: false }),
          qrReader(),
        ]);
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        void readFrame();
      } catch (error) {
        if (!stopped) {
          setFailure(error instanceof Error ? error.message || error.name : String(error));
          setOn(false);
        }
      } finally {
        if (!stopped) setStarting(false);
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [on]);

  return (
    <div className="flex flex-col gap-3">
      <div className="relative overflow-hidden rounded-2xl border border-slate-700 bg-slate-950" hidden={!on}>
        <video ref={video} muted playsInline aria-label={_('checkin.camera.view')} className="aspect-[4/3] w-full object-cover" />
      </div>
      {failure ? (
        <Alert tone="error" title={_('checkin.camera.failedTitle')}>
          {_('checkin.camera.failed', { reason: failure })}
        </Alert>
      ) : null}
      <Button
        size="lg"
        variant={on ? 'secondary' : 'primary'}
        className="min-h-14 w-full text-lg"
        busy={starting}
        busyLabel={_('checkin.camera.starting')}
        icon={on ? <CameraOff aria-hidden="true" className="size-6" /> : <Camera aria-hidden="true" className="size-6" />}
        onClick={() => setOn((value) => !value)}
      >
        {on ? _('checkin.camera.stop') : _('checkin.camera.start')}
      </Button>
    </div>
  );
}
