#pragma once
// Text inside the SVG documents the reports draw (diagrams, charts): XML-escaped.

#include <string>
#include <string_view>

namespace arbiter::report {

// XML text and attribute values: the five special characters as entities; control characters
// (not allowed in XML 1.0) as spaces.
std::string xml_escaped(std::string_view text);

}  // namespace arbiter::report
