/**
 * The widget types to add, one button each (focusable, so the palette works from the keyboard): a
 * click adds the widget in the visible part of the canvas and selects it. The basic shapes are one
 * button per kind. An image is chosen from a file: raster types only (SVG could carry script) and
 * at most IMAGE_MAX_BYTES, kept in the document's assets as the contract requires. A symbol is
 * not offered: its drawing comes from an imported file.
 */
import { useRef } from 'react';
import { App, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { screenAssetTypes, widgetTypes, type ScreenAsset, type WidgetType } from '@hmi/contract';
import type { ShapeKind } from './model';

/** Largest image a widget may show: a quarter of the whole document's limit. */
export const IMAGE_MAX_BYTES = 1024 * 1024;

const OFFERED = widgetTypes.filter((t) => t !== 'symbol' && t !== 'shape');
const SHAPES: readonly ShapeKind[] = ['rect', 'ellipse', 'line'];

const isAssetType = (mime: string): mime is ScreenAsset['mime'] =>
  (screenAssetTypes as readonly string[]).includes(mime);

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsDataURL(file);
  });
}

export function Palette({
  canTrend,
  onAdd,
  onImage,
}: {
  /** A trend needs a TAG to draw: without any, it cannot be added. */
  canTrend: boolean;
  onAdd(type: WidgetType, shape?: ShapeKind): void;
  onImage(asset: ScreenAsset): void;
}) {
  const { t } = useTranslation('editor');
  const { message } = App.useApp();
  const file = useRef<HTMLInputElement>(null);
  const pick = async (f: File | undefined) => {
    if (!f) return;
    if (!isAssetType(f.type)) return void message.error(t('image.type'));
    if (f.size > IMAGE_MAX_BYTES)
      return void message.error(t('image.size', { mb: IMAGE_MAX_BYTES / 1024 / 1024 }));
    onImage({ mime: f.type, data: await readBase64(f) });
  };
  return (
    <nav className="se-palette" aria-label={t('palette')} data-testid="editor-palette">
      {OFFERED.map((type) => {
        const label = t(`widget.${type}`, { defaultValue: type });
        if (type === 'image')
          return (
            <Button key={type} block onClick={() => file.current?.click()} data-testid="editor-add-image">
              {label}
            </Button>
          );
        const disabled = type === 'trend' && !canTrend;
        return (
          <Tooltip key={type} title={disabled ? t('noTags') : undefined}>
            <Button block disabled={disabled} onClick={() => onAdd(type)} data-testid={`editor-add-${type}`}>
              {label}
            </Button>
          </Tooltip>
        );
      })}
      <div className="se-palette-group" role="group" aria-labelledby="se-shapes">
        <span id="se-shapes" className="se-palette-title">
          {t('shapes')}
        </span>
        {SHAPES.map((kind) => (
          <Button
            key={kind}
            block
            onClick={() => onAdd('shape', kind)}
            data-testid={`editor-add-shape-${kind}`}
          >
            {t(`choice.${kind}`)}
          </Button>
        ))}
      </div>
      <input
        ref={file}
        type="file"
        hidden
        accept={screenAssetTypes.join(',')}
        data-testid="editor-image-file"
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </nav>
  );
}
