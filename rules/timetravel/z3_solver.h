#pragma once
// A small front end to Z3 for linear integer/boolean problems. The only file that sees
// z3++.h is z3_solver.cpp: the rest of the rules library talks in variable handles.
//
// Every failure is an answer, never an exception: a z3::exception, a timeout or Z3's own
// "unknown" all make check() return Unknown with the reason. Z3 never catches SIGINT itself:
// the command's handler does (rules/core/stop.h).

#include <memory>
#include <string>
#include <vector>

namespace arbiter::timetravel {

enum class SatResult { Sat, Unsat, Unknown };

class Z3Problem {
 public:
  using Var = int;
  struct Term {
    Var var;
    int coef = 1;
  };
  enum class Cmp { Le, Ge, Eq };

  Z3Problem();
  ~Z3Problem();
  Z3Problem(const Z3Problem&) = delete;
  Z3Problem& operator=(const Z3Problem&) = delete;

  Var new_bool();
  Var new_int(int lo, int hi);  // bounds are constraints of the problem

  // guards (all true) => sum(coef * var) cmp bound; a boolean counts as 0 or 1.
  void add_linear(const std::vector<Term>& terms, Cmp cmp, int bound, const std::vector<Var>& guards = {});

  // Decides the problem with the given booleans assumed true; timeout_ms bounds Z3's time.
  SatResult check(unsigned timeout_ms, const std::vector<Var>& assumptions = {});

  // After Sat: the model's values.
  bool bool_value(Var v) const;
  int int_value(Var v) const;
  // After Unsat: assumptions that together with the constraints are already contradictory.
  std::vector<Var> unsat_core() const;
  // After Unknown: "timeout" or Z3's reason (or the exception's message).
  const std::string& reason() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace arbiter::timetravel
