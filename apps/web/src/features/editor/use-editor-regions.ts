import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import type { EditorTemplate } from './api';
import { type Placement } from './placement';
import type { Box } from '@adtwin/shared';
import { centredBox } from './product-box';
import type { Region } from './RegionsOverlay';
import type { RegionsControls } from './RegionsSection';
import {
  DEFAULT_BRUSH,
  currentMask,
  withCleared,
  withStroke,
  withUndo,
  type MaskHistory,
  type RemoveMode,
} from './remove-mask';
import { imageSize, maskToSend, strokesOfStoredMask } from './remove-mask-canvas';

type Size = { width: number; height: number };

/** A reopened design's own choice of regions (its swap inputs). */
export type SavedRegions = {
  productBox: Box | null;
  placement: Placement | null;
  includeText: boolean;
  removeMaskUrl: string | null;
};

/**
 * The two regions a person sets on the template: what to remove (the template's own box, a box
 * they drew, or a painted mask, with the ad's words in or out) and where the new product goes.
 * `natural` is the template's size once its image has loaded.
 */
export function useEditorRegions({
  template,
  natural,
  hasProduct,
}: {
  template: EditorTemplate | null;
  natural: Size | null;
  hasProduct: boolean;
}) {
  /** The area to remove the person set; null keeps the template's own. */
  const [box, setBox] = useState<Box | null>(null);
  /** Where the new product goes; null: where the old one stood, upright. */
  const [placement, setPlacement] = useState<Placement | null>(null);
  const [active, setActive] = useState<Region>('place');
  const [removeMode, setRemoveMode] = useState<RemoveMode>('box');
  const [maskHistory, setMaskHistory] = useState<MaskHistory>([]);
  const [brush, setBrush] = useState(DEFAULT_BRUSH);
  /** A reopened design's painted area, loaded once the template's size is known. */
  const [maskToRestore, setMaskToRestore] = useState<string | null>(null);
  const [includeText, setIncludeText] = useState(false);

  // The painted area comes back at the template's size (read from the image itself: a reopened
  // design shows its result, not the template).
  const templateUrl = template?.imageUrl ?? null;
  useEffect(() => {
    if (!maskToRestore || !templateUrl) return;
    let isCancelled = false;
    imageSize(templateUrl)
      .then((size) => strokesOfStoredMask(maskToRestore, size))
      .then(
        (strokes) => {
          if (isCancelled) return;
          setMaskHistory([strokes]);
          setMaskToRestore(null);
        },
        () => toast.error('The painted area of this design could not be loaded.'),
      );
    return () => {
      isCancelled = true;
    };
  }, [maskToRestore, templateUrl]);

  const textBoxes = template?.textBoxes ?? [];
  const removeBox = box ?? template?.productBox ?? null;
  const removeMask = currentMask(maskHistory);
  /** The place box shown is the one sent: the result matches the preview. */
  const shownPlacement: Placement | null =
    placement ??
    (hasProduct && natural ? { box: removeBox ?? centredBox(natural), rotation: 0 } : null);

  /** Takes a reopened design's regions (called while rendering, once per design). */
  function restore(saved: SavedRegions) {
    setBox(saved.productBox);
    setPlacement(saved.placement);
    setIncludeText(saved.includeText);
    setRemoveMode(saved.removeMaskUrl ? 'brush' : 'box');
    setMaskHistory([]);
    setMaskToRestore(saved.removeMaskUrl);
  }

  /**
   * What Remove sends: the painted mask in Brush mode (the ad's words left out unless included),
   * else the box the person set (none: the template's own); and the text choice.
   */
  async function removeInputs() {
    // The choice exists where the person saw the words; elsewhere the engine tells copy from
    // words printed on the old product itself.
    const textChoice = textBoxes.length > 0 ? { includeText } : {};
    let painted = removeMode === 'brush' ? removeMask : null;
    // A reopened design's painted area may still be on its way: it is what was asked for.
    if (removeMode === 'brush' && maskHistory.length === 0 && maskToRestore && templateUrl) {
      painted = await strokesOfStoredMask(maskToRestore, await imageSize(templateUrl));
    }
    if (painted && templateUrl) {
      const keepOut = includeText ? [] : textBoxes;
      const size = natural ?? (await imageSize(templateUrl));
      return { removeMask: await maskToSend(painted, size, keepOut), ...textChoice };
    }
    return { ...(box ? { productBox: box } : {}), ...textChoice };
  }

  /** The panel's controls; null until the template's size is known. */
  const controls: RegionsControls | null = natural && {
    active,
    onActivate: setActive,
    hasRemoveBox: removeBox !== null,
    hasCustomRemoveBox: box !== null,
    onMarkRemove: () => {
      setBox(template?.productBox ?? centredBox(natural));
      setActive('remove');
    },
    onResetRemove: () => setBox(null),
    removeMode,
    onRemoveModeChange: setRemoveMode,
    brush,
    onBrushChange: setBrush,
    hasPainted: removeMask !== null,
    canUndoPaint: maskHistory.length > 0,
    onUndoPaint: () => setMaskHistory(withUndo),
    onClearPaint: () => setMaskHistory(withCleared),
    hasText: textBoxes.length > 0,
    includeText,
    onIncludeTextChange: setIncludeText,
    placement: shownPlacement,
    onPlacementChange: setPlacement,
    onResetPlacement: () => setPlacement(null),
  };

  /** What the template's handles show and move (RegionsOverlay), beside the panel's controls. */
  const overlay = {
    active,
    onActivate: setActive,
    removeMode,
    removeBox,
    onRemoveChange: setBox,
    removeMask,
    brush,
    onStroke: (mask: string) => setMaskHistory((history) => withStroke(history, mask)),
    includeText,
    placement: shownPlacement,
    onPlacementChange: setPlacement,
    textBoxes,
  };

  return { shownPlacement, setPlacement, restore, removeInputs, controls, overlay };
}
