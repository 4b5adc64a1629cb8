'use client';

import { TOOL_TEMPLATES } from '@/lib/tools/tool-templates';
import { useSession } from '../runtime/runtime-context';
import { Menu, MenuGroup, MenuItem } from '../ui/menu';

const GROUPS = ['Blank', 'Core tools (sandbox)', 'Full toolset (seed 002 §11)', 'Teaching examples (mock)'] as const;

/** "Add tool": a blank tool or one from the templates. */
export function AddToolMenu() {
  const addTools = useSession((state) => state.addTools);
  return (
    <Menu label="Add tool" trigger="Add">
      {GROUPS.map((group) => (
        <MenuGroup key={group} label={group}>
          {TOOL_TEMPLATES.filter((template) => template.group === group).map((template) => (
            <MenuItem key={template.id} className="font-mono" onSelect={() => addTools([template])}>
              {template.group === 'Blank' ? 'Blank tool' : template.definition.name}
            </MenuItem>
          ))}
        </MenuGroup>
      ))}
    </Menu>
  );
}
