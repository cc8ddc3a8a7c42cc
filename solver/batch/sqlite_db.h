#pragma once
// A thin RAII layer over Debian's libsqlite3: a connection and prepared statements, errors as
// exceptions naming the database file. Nothing more: the schema and queries live with the store
// that uses them (result_store.h).

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

struct sqlite3;
struct sqlite3_stmt;

namespace arbiter::batch {

class SqliteError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Statement;

class Database {
 public:
  // Opens (creating) the file; `read_only` opens an existing file only.
  explicit Database(const std::string& path, bool read_only = false);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  void exec(const std::string& sql);  // statements without results ("BEGIN", a schema, pragmas)
  Statement prepare(const std::string& sql);
  std::int64_t last_insert_id() const;
  const std::string& path() const { return path_; }
  [[noreturn]] void fail(const std::string& what) const;  // throws SqliteError with sqlite's message

 private:
  friend class Statement;
  sqlite3* db_ = nullptr;
  std::string path_;
};

// A prepared statement: bind 1-based parameters, step through rows, read 0-based columns.
class Statement {
 public:
  Statement(Database& db, const std::string& sql);
  ~Statement();
  Statement(Statement&& other) noexcept;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int index, const std::string& value);
  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, double value);
  Statement& bind_null(int index);
  bool step();   // true: a row is ready; false: done
  void run();    // steps to the end (an INSERT, UPDATE, ...)
  void reset();  // ready to bind and step again

  std::string text(int column) const;
  std::int64_t integer(int column) const;
  double real(int column) const;
  bool is_null(int column) const;

 private:
  Database* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

// BEGIN IMMEDIATE ... COMMIT, rolled back when left by an exception.
class Transaction {
 public:
  explicit Transaction(Database& db);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  Database& db_;
  bool done_ = false;
};

}  // namespace arbiter::batch
