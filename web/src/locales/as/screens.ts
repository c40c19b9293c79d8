import { mergeBundles, type Tree } from '../merge';

/** The screens' words (every file but common.json) as one module, so a language's screens load as one file. */
export default mergeBundles(Object.values(import.meta.glob<Tree>(['./*.json', '!./common.json'], { eager: true, import: 'default' })));
