// Files chosen to import: the system's Open dialog returns a path, and the area's *Path method
// reads the file from disk. The window never holds a file's contents.
import * as Files from '../../wailsjs/go/main/Files'

/** What a screen imports: the dialog's title and the kinds of file it lists. */
export type FileKind = 'payroll' | 'register' | 'portal' | 'gstins'

/** Opens the system's Open dialog; resolves to the chosen path, or '' when the person cancels. */
export const chooseFile = (kind: FileKind): Promise<string> => Files.ChooseFile(kind)

/** The file's name, for messages ("april.csv" of "C:\\Payroll\\april.csv"). */
export function fileName(path: string): string {
  const parts = path.split(/[\\/]/)
  return parts[parts.length - 1] || path
}
