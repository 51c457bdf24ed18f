#include "host/records/record_reader.hpp"

#include "host/base/input_error.hpp"

namespace cherries::host {

RecordReader::RecordReader(std::string file) : file_(std::move(file)), in_(file_, std::ios::binary) {
    if (!in_) throw InputError(file_ + ": cannot read the record");
}

bool RecordReader::read(std::string& line) {
    if (!std::getline(in_, line)) {
        if (in_.bad()) throw InputError(file_ + ": cannot read the record");
        return false;
    }
    ++line_;
    return true;
}

bool RecordReader::next(std::vector<std::string>& lines, std::size_t& first_line) {
    lines.clear();
    std::string line;
    // Blank lines before a header: the end of the file (ignored), or a malformed header there.
    std::size_t blanks = 0;
    for (;;) {
        if (!read(line)) {
            if (records_ == 0)
                throw InputError(file_ + ":1: malformed record: the file is empty; expected a header line");
            return false;
        }
        if (!line.empty()) break;
        ++blanks;
    }
    first_line = line_ - blanks;
    lines.push_back(blanks > 0 ? std::string() : std::move(line));
    ++records_;
    if (blanks > 0) return true;  // its header is a blank line: the caller reports it
    while (read(line)) {
        const bool end = line.starts_with('{');
        lines.push_back(std::move(line));
        if (end) return true;
    }
    // The file ended without an end line: blank lines at its end are not part of the record.
    while (lines.size() > 1 && lines.back().empty()) lines.pop_back();
    return true;
}

}  // namespace cherries::host
