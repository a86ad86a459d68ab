-- Every request reads the caller's rights through their groups by user alone: without this index, a scan of every membership.
CREATE INDEX "UserGroupMember_userId_idx" ON "UserGroupMember"("userId");
