import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import Cropper, { type Area } from "react-easy-crop";
import { Modal } from "~/components/ui/modal";
import { PROFILE_LIMITS } from "~/domain/profile/limits";
import { useTranslation } from "~/lib/i18n";
import type { ProfileActionData } from "./types";

/**
 * The avatar upload, loaded with the first chosen file (the page's JS budget): checks the file (spec 2
 * §5, §8: 20 MB 'Слишком большой файл', an image; the server checks the content again), crops it and
 * sends it; shows the result until the next file.
 */
export default function AvatarUpload({ file, onClose }: { file: File | null; onClose: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ProfileActionData>({ key: "profile-photo" });
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const problem = !file ? null : file.size >= PROFILE_LIMITS.avatarBytes ? "tooBig" : /^image\/(png|jpeg|gif|webp)$/.test(file.type) ? null : "wrongType";
  const lastFile = useRef<File | null>(null);
  useEffect(() => {
    // A new file starts over (the texts may change identity when the page revalidates: not a new file).
    if (!file || file === lastFile.current) return;
    lastFile.current = file;
    setError(problem ? t(`profilePage.avatar.${problem}`) : null);
    setSent(false);
  }, [file, problem, t]);
  const answer = fetcher.data?.intent === "photo" ? fetcher.data : undefined;
  useEffect(() => {
    if (fetcher.state === "idle" && sent && answer?.ok) onClose();
  }, [fetcher.state, sent, answer, onClose]);
  const serverError = sent && answer && !answer.ok ? (answer.errors.photo?.[0] ?? answer.message) : null;
  return (
    <>
      {sent && answer?.ok && !file ? (
        <p className="success" role="status">
          {t("profilePage.avatar.done")}
        </p>
      ) : null}
      {error || serverError ? (
        <p className="field__error" role="alert">
          {error ?? serverError}
        </p>
      ) : null}
      {file && !problem ? (
        <AvatarCropper
          file={file}
          pending={fetcher.state !== "idle"}
          onCancel={onClose}
          onError={(key) => {
            onClose();
            setError(t(`profilePage.avatar.${key}`));
          }}
          onSave={(png) => {
            const fd = new FormData();
            fd.set("intent", "photo");
            fd.set("photo", png, "avatar.png");
            setSent(true);
            fetcher.submit(fd, { method: "post", encType: "multipart/form-data" });
          }}
        />
      ) : null}
    </>
  );
}

/**
 * The avatar cropper (spec 2 §2, §5): a square crop under a circular mask, the result downscaled to at
 * most 1920 px and sent as PNG. Loaded on first use (react-easy-crop stays out of the page's bundle).
 */
function AvatarCropper({ file, pending, onSave, onCancel, onError }: { file: File; pending: boolean; onSave: (png: Blob) => void; onCancel: () => void; onError: (key: "loadFailed" | "uploadFailed") => void }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  useEffect(() => {
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  const onComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);

  async function save() {
    if (!url || !area) return;
    try {
      onSave(await cropToPng(url, area));
    } catch {
      onError("uploadFailed");
    }
  }

  return (
    <Modal open onClose={onCancel} title={t("profilePage.avatar.title")}>
      <div className="cropper" data-testid="avatar-cropper">
        {url ? (
          <Cropper image={url} crop={crop} zoom={zoom} aspect={1} cropShape="round" showGrid={false} onCropChange={setCrop} onZoomChange={setZoom} onCropComplete={onComplete} cropperProps={{ role: "group", "aria-label": t("profilePage.avatar.cropArea"), "aria-describedby": "avatar-crop-hint" }} />
        ) : null}
        {url ? <img src={url} alt="" hidden onError={() => onError("loadFailed")} /> : null}
      </div>
      <p className="field__hint" id="avatar-crop-hint">
        {t("profilePage.avatar.cropHint")}
      </p>
      <label className="cropper__zoom">
        <span>{t("profilePage.avatar.zoom")}</span>
        <input type="range" min={1} max={3} step={0.05} value={zoom} onChange={(e) => setZoom(Number(e.target.value))} />
      </label>
      <div className="modal__actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          {t("profilePage.status.cancel")}
        </button>
        <button type="button" className="btn btn--primary" disabled={!area} aria-busy={pending || undefined} onClick={() => !pending && save()}>
          {t("profilePage.avatar.save")}
        </button>
      </div>
    </Modal>
  );
}

function loadImage(src: string) {
  return new Promise<HTMLImageElement>((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = reject;
    img.src = src;
  });
}

async function cropToPng(src: string, area: Area): Promise<Blob> {
  const img = await loadImage(src);
  const side = Math.min(PROFILE_LIMITS.avatarPx, Math.round(area.width));
  const canvas = document.createElement("canvas");
  canvas.width = side;
  canvas.height = side;
  const g = canvas.getContext("2d");
  if (!g) throw new Error("no canvas");
  g.imageSmoothingQuality = "high";
  g.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, side, side);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("toBlob"))), "image/png", PROFILE_LIMITS.avatarQuality));
}
