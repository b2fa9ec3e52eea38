#pragma once
// Output files that are complete or absent: the bytes go to a temporary file beside the target
// (same directory, so the rename stays on one file system), which is then renamed over it
// (POSIX rename(2) is atomic). A reader never sees half a report, and a failed write leaves no file.
#include <string>
#include <utility>
#include <vector>

namespace corsim::sim {

// "" on success, else one line naming the file and the reason.
std::string write_file_atomically(const std::string& path, const std::string& bytes);
// A set of files (path, bytes) that is written whole or not at all: every file is written as a
// temporary first, and only then are they renamed into place; on any failure none is left.
std::string write_files_atomically(const std::vector<std::pair<std::string, std::string>>& files);

}  // namespace corsim::sim
