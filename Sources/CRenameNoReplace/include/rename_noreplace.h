#ifndef GALLERY_RENAME_NOREPLACE_H
#define GALLERY_RENAME_NOREPLACE_H

/// renameat2(AT_FDCWD, source, AT_FDCWD, destination, RENAME_NOREPLACE): renames `source` (a file,
/// a folder or a symbolic link itself) unless `destination` exists, atomically. 0, or -1 with
/// errno set as renameat2 sets it (EEXIST when the name is taken; EINVAL or ENOSYS where the file
/// system or the kernel cannot rename without replacing).
int gallery_rename_noreplace(const char *source, const char *destination);

#endif
