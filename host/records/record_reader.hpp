// Reading a record file one record at a time (docs/records.md, "Many records in one file"):
// `cherries replay` keeps only the record it replays in memory, whatever the file's size.
#pragma once

#include <cstddef>
#include <fstream>
#include <string>
#include <vector>

namespace cherries::host {

/// Reads the records of a file in order. A record is its header line and the lines up to and
/// including the next line that starts with '{' (its end line), or to the end of the file.
class RecordReader {
public:
    /// Opens `file`. Throws InputError "FILE: cannot read the record".
    explicit RecordReader(std::string file);

    /// Puts the next record's lines (without newlines; the header first) in `lines` and its
    /// header's line number (1-based) in `first_line`. Returns false at the end of the file;
    /// blank lines after the last record are skipped. Blank lines before a header that follows
    /// give a record whose only line is "" (at the first blank line): not a header, for the
    /// caller to refuse. Throws InputError when the file is empty or cannot be read.
    bool next(std::vector<std::string>& lines, std::size_t& first_line);

    /// Records returned so far.
    std::size_t records() const { return records_; }

private:
    bool read(std::string& line);

    std::string file_;
    std::ifstream in_;
    std::size_t line_ = 0;  // lines read so far
    std::size_t records_ = 0;
};

}  // namespace cherries::host
