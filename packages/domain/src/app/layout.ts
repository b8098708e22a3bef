import { COMPACT_LAYOUT_MAX_WIDTH } from '../constants';

/**
 * The compact (mobile) layout applies to windows 991 px wide and narrower; from 992 px the full
 * layout with the fixed side menu shows (Bootstrap's lg breakpoint).
 */
export const isCompactLayout = (windowWidth: number): boolean => windowWidth <= COMPACT_LAYOUT_MAX_WIDTH;
