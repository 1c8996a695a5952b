/** File names the batch reads: instrument files and zips of them (a folder may hold photos and notes too). */
export const isSpectrometerFile = (f: File) => /\.(sig|sed|zip)$/i.test(f.name);

/** Every file of a drop, folders walked (the File and Directory Entries API that browsers give dropped folders). */
export async function filesOfDrop(data: DataTransfer): Promise<File[]> {
  const entries = [...data.items].map((item) => item.webkitGetAsEntry?.()).filter((e): e is FileSystemEntry => !!e);
  if (entries.length === 0) return [...data.files];
  const out: File[] = [];
  const walk = async (entry: FileSystemEntry, prefix: string): Promise<void> => {
    if (entry.isFile) {
      const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
      // Keep the folder path in the name, so day1/a.sig and day2/a.sig stay apart.
      out.push(prefix ? new File([file], `${prefix}${file.name}`, { type: file.type, lastModified: file.lastModified }) : file);
      return;
    }
    const reader = (entry as FileSystemDirectoryEntry).createReader();
    // readEntries gives at most ~100 entries a call: read until it gives none.
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
      if (batch.length === 0) break;
      for (const child of batch) await walk(child, `${prefix}${entry.name}/`);
    }
  };
  for (const entry of entries) await walk(entry, '');
  return out;
}
