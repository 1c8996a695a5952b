import type { Page } from 'playwright-core';

export interface TapTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * Every visible interactive element under WCAG 2.2's target size minimum (2.5.8): its box at least
 * 24 x 24 CSS px, or else the spacing exception (a 24 px circle on its centre meets no other target
 * nor another undersized target's circle). The inline exception is taken only for links inside a
 * sentence (an `a` within running text of a p, li, dd or figcaption).
 */
export async function undersizedTapTargets(page: Page, within = 'body'): Promise<{ checked: number; failing: TapTarget[] }> {
  return page.evaluate((rootSelector) => {
    const root = document.querySelector(rootSelector) ?? document.body;
    const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=option], [role=tab], [tabindex]:not([tabindex="-1"])';
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0 && !el.closest('[aria-hidden="true"] .visually-hidden');
    };
    const describe = (el: Element) => {
      const label = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText?.trim() ?? el.closest('label')?.textContent?.trim() ?? '').slice(0, 40) || (el.closest('label')?.textContent?.trim().slice(0, 40) ?? '');
      const where = el.parentElement?.closest('[id]')?.id;
      const id = el.id ? `#${el.id}` : '';
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(/\s+/).join('.')}` : '';
      const type = el.getAttribute('type') ? `[type=${el.getAttribute('type')}]` : '';
      return `${el.tagName.toLowerCase()}${id}${cls}${type} "${label}" in #${where ?? 'page'}`;
    };
    const inSentence = (el: Element) => el.tagName === 'A' && !!el.parentElement?.closest('p, li, dd, figcaption, .leaflet-control-attribution') && ((el.parentElement?.textContent ?? '').trim().length > (el.textContent ?? '').trim().length + 10);
    // The element's own box: a label around a checkbox also toggles it, but a 13 px box is what the eye aims at.
    const boxOf = (el: Element): DOMRect => el.getBoundingClientRect();
    const targets = [...root.querySelectorAll(selector)].filter((el) => visible(el) && !(el as HTMLElement).closest('.visually-hidden'));
    const boxes = targets.map((el) => ({ el, r: boxOf(el) }));
    const small = boxes.filter(({ el, r }) => (r.width < 23.5 || r.height < 23.5) && !inSentence(el));
    const failing = small.filter(({ el, r }) => {
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      return boxes.some((other) => {
        if (other.el === el || other.el.contains(el) || el.contains(other.el)) return false;
        const o = other.r;
        // Distance from this circle's centre to the other box, or to the other small target's circle.
        const dx = Math.max(o.left - cx, 0, cx - o.right);
        const dy = Math.max(o.top - cy, 0, cy - o.bottom);
        if (Math.hypot(dx, dy) < 12) return true;
        const otherSmall = small.some((s) => s.el === other.el);
        return otherSmall && Math.hypot(o.left + o.width / 2 - cx, o.top + o.height / 2 - cy) < 24;
      });
    });
    return { checked: targets.length, failing: failing.map(({ el, r }) => ({ what: describe(el), width: Math.round(r.width * 10) / 10, height: Math.round(r.height * 10) / 10 })) };
  }, within);
}
