import { Grid } from 'antd';

/**
 * Where a list's 操作 column is fixed: at the right edge from md (768 px) up, so that the actions stay in view while
 * the other columns scroll; on a phone not at all, since a fixed column of 110–300 px covers most of a 375 px table
 * (the 用户管理 list showed nothing but its actions). There it scrolls with the rest.
 */
export function useActionsFixed(): 'right' | undefined {
  return Grid.useBreakpoint().md === false ? undefined : 'right';
}
